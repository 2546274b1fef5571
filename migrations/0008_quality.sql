CREATE TABLE `quality_settings` (
	`item_id` integer PRIMARY KEY NOT NULL,
	`checks` text NOT NULL,
	`rev` integer NOT NULL,
	`pushed` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quality_settings_unpushed` ON `quality_settings` (`item_id`) WHERE pushed = 0;--> statement-breakpoint
ALTER TABLE `items` ADD `report_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `subject_groups` ADD `quality` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `subject_items` ADD `quality` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `alarm_rules` ADD `on_suspect` integer DEFAULT true NOT NULL;