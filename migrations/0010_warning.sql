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
CREATE INDEX `warning_scales_unpushed` ON `warning_scales` (`item_id`) WHERE pushed = 0;