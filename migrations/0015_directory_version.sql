CREATE TABLE `directory_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
-- Added by hand (docs/decisions/0045): the one row, and triggers that raise it on every write to what decides which
-- stations a subject sees and how they are listed, so a reply kept under an older version is never served again (an
-- upsert: a lost row comes back counting).
INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `items_insert_directory` AFTER INSERT ON `items` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `items_update_directory` AFTER UPDATE ON `items` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `items_delete_directory` AFTER DELETE ON `items` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `groups_insert_directory` AFTER INSERT ON `groups` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `groups_update_directory` AFTER UPDATE ON `groups` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `groups_delete_directory` AFTER DELETE ON `groups` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `group_items_insert_directory` AFTER INSERT ON `group_items` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `group_items_update_directory` AFTER UPDATE ON `group_items` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `group_items_delete_directory` AFTER DELETE ON `group_items` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `subject_groups_insert_directory` AFTER INSERT ON `subject_groups` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `subject_groups_update_directory` AFTER UPDATE ON `subject_groups` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `subject_groups_delete_directory` AFTER DELETE ON `subject_groups` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `subject_items_insert_directory` AFTER INSERT ON `subject_items` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `subject_items_update_directory` AFTER UPDATE ON `subject_items` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `subject_items_delete_directory` AFTER DELETE ON `subject_items` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `subjects_update_directory` AFTER UPDATE OF `is_admin`, `status` ON `subjects` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `subjects_delete_directory` AFTER DELETE ON `subjects` BEGIN INSERT INTO `directory_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;
