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
CREATE INDEX `group_rule_members_reading` ON `group_rule_members` (`item_id`,`reading`);