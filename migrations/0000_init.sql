CREATE TABLE `subjects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`first_name` text NOT NULL,
	`second_name` text NOT NULL,
	`phone` text,
	`subject` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`approved_at` integer,
	`approved_by` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subjects_username_nocase` ON `subjects` ("username" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `subjects_status` ON `subjects` (`status`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`subject_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_subject` ON `sessions` (`subject_id`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`subject_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_subject` ON `password_resets` (`subject_id`);--> statement-breakpoint
CREATE TABLE `groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`serial_nr` text,
	`unique_id` text NOT NULL,
	`location_x` real,
	`location_y` real,
	`location_name` text,
	`location_group` text,
	`last_update` integer,
	`name_for_api` text DEFAULT 'DANES' NOT NULL,
	`timezone` text DEFAULT 'Europe/Prague' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `items_unique_id` ON `items` (`unique_id`);--> statement-breakpoint
CREATE TABLE `group_items` (
	`group_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`group_id`, `item_id`),
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `group_items_item` ON `group_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `subject_groups` (
	`subject_id` integer NOT NULL,
	`group_id` integer NOT NULL,
	PRIMARY KEY(`subject_id`, `group_id`),
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subject_groups_group` ON `subject_groups` (`group_id`);--> statement-breakpoint
CREATE TABLE `subject_items` (
	`subject_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`subject_id`, `item_id`),
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subject_items_item` ON `subject_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `station_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` integer,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `station_tokens_item` ON `station_tokens` (`item_id`);--> statement-breakpoint
CREATE TABLE `daily_stats` (
	`item_id` integer NOT NULL,
	`reading` text NOT NULL,
	`day` text NOT NULL,
	`count` integer NOT NULL,
	`min` real NOT NULL,
	`max` real NOT NULL,
	`sum` real NOT NULL,
	`first_ts` integer NOT NULL,
	`last_ts` integer NOT NULL,
	`last_value` real NOT NULL,
	PRIMARY KEY(`item_id`, `day`, `reading`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `dirty_days` (
	`item_id` integer NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`item_id`, `day`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `readings` (
	`item_id` integer NOT NULL,
	`reading` text NOT NULL,
	`ts` integer NOT NULL,
	`value` real NOT NULL,
	PRIMARY KEY(`item_id`, `ts`, `reading`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`hits` integer NOT NULL
);
