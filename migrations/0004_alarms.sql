CREATE TABLE `alarm_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`name` text,
	`kind` text NOT NULL,
	`reading` text,
	`threshold` real,
	`deadband` real DEFAULT 0 NOT NULL,
	`window_minutes` integer,
	`silence_minutes` integer,
	`hold_minutes` integer DEFAULT 0 NOT NULL,
	`severity` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`rev` integer NOT NULL,
	`pushed` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alarm_rules_item` ON `alarm_rules` (`item_id`,`rev`);--> statement-breakpoint
CREATE INDEX `alarm_rules_unpushed` ON `alarm_rules` (`item_id`) WHERE pushed = 0;--> statement-breakpoint
CREATE INDEX `alarm_rules_no_data` ON `alarm_rules` (`item_id`) WHERE kind = 'no_data' AND deleted_at IS NULL;--> statement-breakpoint
CREATE TABLE `alarms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`rule_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`kind` text NOT NULL,
	`reading` text,
	`severity` text NOT NULL,
	`threshold` real,
	`state` text NOT NULL,
	`started_at` integer NOT NULL,
	`fired_at` integer NOT NULL,
	`value` real,
	`acknowledged_at` integer,
	`acknowledged_by` integer,
	`note` text,
	`cleared_at` integer,
	`clear_value` real,
	`cleared_reason` text,
	FOREIGN KEY (`rule_id`) REFERENCES `alarm_rules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`acknowledged_by`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alarms_key` ON `alarms` (`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `alarms_open_rule` ON `alarms` (`rule_id`) WHERE state <> 'cleared';--> statement-breakpoint
CREATE INDEX `alarms_item` ON `alarms` (`item_id`,`id`);--> statement-breakpoint
CREATE INDEX `alarms_open` ON `alarms` (`id`) WHERE state <> 'cleared';--> statement-breakpoint
CREATE TABLE `notification_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject_id` integer NOT NULL,
	`item_id` integer,
	`group_id` integer,
	`mode` text NOT NULL,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_overrides_item` ON `notification_overrides` (`subject_id`,`item_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `notification_overrides_group` ON `notification_overrides` (`subject_id`,`group_id`);--> statement-breakpoint
CREATE INDEX `notification_overrides_by_item` ON `notification_overrides` (`item_id`);--> statement-breakpoint
CREATE INDEX `notification_overrides_by_group` ON `notification_overrides` (`group_id`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`subject_id` integer PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `webhook_items` (
	`webhook_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`webhook_id`, `item_id`),
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_items_item` ON `webhook_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL,
	`description` text,
	`secret` text NOT NULL,
	`events` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`webhook_id` integer NOT NULL,
	`event` text NOT NULL,
	`alarm_id` integer,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_status` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alarm_id`) REFERENCES `alarms`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`next_attempt_at`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook` ON `webhook_deliveries` (`webhook_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_created` ON `webhook_deliveries` (`created_at`);