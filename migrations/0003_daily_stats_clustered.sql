PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_daily_stats` (
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
	PRIMARY KEY(`item_id`, `reading`, `day`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_daily_stats`("item_id", "reading", "day", "count", "min", "max", "sum", "first_ts", "last_ts", "last_value") SELECT "item_id", "reading", "day", "count", "min", "max", "sum", "first_ts", "last_ts", "last_value" FROM `daily_stats`;--> statement-breakpoint
DROP TABLE `daily_stats`;--> statement-breakpoint
ALTER TABLE `__new_daily_stats` RENAME TO `daily_stats`;--> statement-breakpoint
PRAGMA foreign_keys=ON;