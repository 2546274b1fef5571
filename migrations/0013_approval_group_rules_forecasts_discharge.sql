CREATE TABLE `station_discharge_days` (
	`id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL,
	`q` integer NOT NULL,
	`lo` real NOT NULL,
	`hi` real NOT NULL,
	`sm` real NOT NULL,
	`f` integer NOT NULL,
	`l` integer NOT NULL,
	`v` real NOT NULL,
	`vol` real NOT NULL
);
--> statement-breakpoint
CREATE TABLE `approval_level_uses` (
	`level_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`level_id`, `item_id`),
	FOREIGN KEY (`level_id`) REFERENCES `approval_levels`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `approval_levels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`colour` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `group_rule_members` (
	`rule_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`reading` text NOT NULL,
	`level` integer NOT NULL,
	PRIMARY KEY(`rule_id`, `item_id`, `reading`),
	FOREIGN KEY (`rule_id`) REFERENCES `alarm_rules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `group_rule_members_reading` ON `group_rule_members` (`item_id`,`reading`);--> statement-breakpoint
CREATE TABLE `warning_forecasts` (
	`item_id` integer NOT NULL,
	`reading` text NOT NULL,
	`level` integer,
	`issued_at` integer NOT NULL,
	`expected_at` integer,
	PRIMARY KEY(`item_id`, `reading`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
