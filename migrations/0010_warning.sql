CREATE TABLE `warning_current` (
	`item_id` integer NOT NULL,
	`reading` text NOT NULL,
	`level` integer NOT NULL,
	`since` integer NOT NULL,
	`value` real,
	PRIMARY KEY(`item_id`, `reading`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `warning_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`item_id` integer NOT NULL,
	`reading` text NOT NULL,
	`from_level` integer NOT NULL,
	`to_level` integer NOT NULL,
	`at` integer NOT NULL,
	`value` real NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `warning_events_key` ON `warning_events` (`key`);--> statement-breakpoint
CREATE INDEX `warning_events_item` ON `warning_events` (`item_id`,`reading`,`at`);--> statement-breakpoint
CREATE TABLE `warning_scales` (
	`item_id` integer NOT NULL,
	`reading` text NOT NULL,
	`direction` text NOT NULL,
	`levels` text NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`rev` integer NOT NULL,
	`pushed` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`item_id`, `reading`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `warning_scales_unpushed` ON `warning_scales` (`item_id`) WHERE pushed = 0;--> statement-breakpoint
CREATE TABLE `escalation_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`escalation_id` integer NOT NULL,
	`step` integer NOT NULL,
	`repeat` integer NOT NULL,
	`at` integer NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	FOREIGN KEY (`escalation_id`) REFERENCES `escalations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `escalation_notices_escalation` ON `escalation_notices` (`escalation_id`);--> statement-breakpoint
CREATE TABLE `escalation_policies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`steps` text NOT NULL,
	`rota` text NOT NULL,
	`repeat_minutes` integer NOT NULL,
	`max_repeats` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `escalation_targets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`policy_id` integer NOT NULL,
	`rule_id` integer,
	`item_id` integer,
	`reading` text,
	`level` integer,
	FOREIGN KEY (`policy_id`) REFERENCES `escalation_policies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rule_id`) REFERENCES `alarm_rules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `escalation_targets_policy` ON `escalation_targets` (`policy_id`);--> statement-breakpoint
CREATE INDEX `escalation_targets_rule` ON `escalation_targets` (`rule_id`);--> statement-breakpoint
CREATE INDEX `escalation_targets_level` ON `escalation_targets` (`item_id`,`reading`);--> statement-breakpoint
CREATE TABLE `escalation_tokens` (
	`hash` text PRIMARY KEY NOT NULL,
	`escalation_id` integer NOT NULL,
	`subject_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`escalation_id`) REFERENCES `escalations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `escalations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`policy_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`alarm_id` integer,
	`reading` text,
	`level` integer,
	`state` text NOT NULL,
	`started_at` integer NOT NULL,
	`steps_done` integer DEFAULT 0 NOT NULL,
	`repeats` integer DEFAULT 0 NOT NULL,
	`acknowledged_at` integer,
	`acknowledged_by` integer,
	`acknowledged_via` text,
	`note` text,
	`false_alarm` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`policy_id`) REFERENCES `escalation_policies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alarm_id`) REFERENCES `alarms`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`acknowledged_by`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `escalations_key` ON `escalations` (`key`);--> statement-breakpoint
CREATE INDEX `escalations_item` ON `escalations` (`item_id`,`id`);--> statement-breakpoint
CREATE INDEX `escalations_alarm` ON `escalations` (`alarm_id`) WHERE state = 'running';--> statement-breakpoint
CREATE TABLE `maintenance_windows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`note` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`cancelled_at` integer,
	`rev` integer NOT NULL,
	`pushed` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `maintenance_windows_item` ON `maintenance_windows` (`item_id`,`ends_at`);--> statement-breakpoint
CREATE INDEX `maintenance_windows_unpushed` ON `maintenance_windows` (`item_id`) WHERE pushed = 0;