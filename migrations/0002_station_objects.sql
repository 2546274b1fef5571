ALTER TABLE `readings` RENAME TO `legacy_readings`;--> statement-breakpoint
DROP TABLE `dirty_days`;--> statement-breakpoint
ALTER TABLE `items` ADD `rollup_rev` integer;
