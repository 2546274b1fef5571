CREATE TABLE `share_link_stations` (
	`link_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`readings` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`link_id`, `item_id`),
	FOREIGN KEY (`link_id`) REFERENCES `share_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `share_link_stations_item` ON `share_link_stations` (`item_id`);--> statement-breakpoint
CREATE TABLE `share_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`secret_hash` text NOT NULL,
	`owner_id` integer NOT NULL,
	`title` text NOT NULL,
	`window_days` integer,
	`window_from` text,
	`window_to` text,
	`exact_location` integer DEFAULT false NOT NULL,
	`frame_origins` text DEFAULT '[]' NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_viewed_at` integer,
	`views` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_links_secret` ON `share_links` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `share_links_owner` ON `share_links` (`owner_id`);