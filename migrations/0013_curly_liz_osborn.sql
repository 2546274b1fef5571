CREATE TABLE `warning_forecasts` (
	`item_id` integer NOT NULL,
	`reading` text NOT NULL,
	`level` integer,
	`issued_at` integer NOT NULL,
	`expected_at` integer,
	PRIMARY KEY(`item_id`, `reading`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
