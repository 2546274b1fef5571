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
