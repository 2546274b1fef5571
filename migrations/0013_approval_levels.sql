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
