CREATE TABLE `warning_forecast_issues` (
	`item_id` integer NOT NULL,
	`reading` text NOT NULL,
	`issued_at` integer NOT NULL,
	`level` integer NOT NULL,
	`expected_at` integer NOT NULL,
	PRIMARY KEY(`item_id`, `reading`, `issued_at`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
