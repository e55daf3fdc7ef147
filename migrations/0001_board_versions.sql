ALTER TABLE `projects` ADD `issues_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `lookups_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below this line (drizzle-kit does not generate triggers). Every write to a
-- project's issues bumps projects.issues_version; every write to what an issue row shows beside
-- its own columns (states, labels, membership, members' names and avatars) bumps
-- projects.lookups_version. In SQL so that no writer (API, importer, queue job, console) can
-- forget to: the versions key the Worker's caches (ADR 010).
CREATE TRIGGER `issues_bump_issues_version_insert` AFTER INSERT ON `issues` BEGIN UPDATE `projects` SET `issues_version` = `issues_version` + 1 WHERE `id` = NEW.`project_id`; END;
--> statement-breakpoint
CREATE TRIGGER `issues_bump_issues_version_update` AFTER UPDATE ON `issues` BEGIN UPDATE `projects` SET `issues_version` = `issues_version` + 1 WHERE `id` IN (NEW.`project_id`, OLD.`project_id`); END;
--> statement-breakpoint
CREATE TRIGGER `issues_bump_issues_version_delete` AFTER DELETE ON `issues` BEGIN UPDATE `projects` SET `issues_version` = `issues_version` + 1 WHERE `id` = OLD.`project_id`; END;
--> statement-breakpoint
CREATE TRIGGER `states_bump_lookups_version_insert` AFTER INSERT ON `states` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` = NEW.`project_id`; END;
--> statement-breakpoint
CREATE TRIGGER `states_bump_lookups_version_update` AFTER UPDATE ON `states` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` IN (NEW.`project_id`, OLD.`project_id`); END;
--> statement-breakpoint
CREATE TRIGGER `states_bump_lookups_version_delete` AFTER DELETE ON `states` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` = OLD.`project_id`; END;
--> statement-breakpoint
CREATE TRIGGER `labels_bump_lookups_version_insert` AFTER INSERT ON `labels` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` = NEW.`project_id`; END;
--> statement-breakpoint
CREATE TRIGGER `labels_bump_lookups_version_update` AFTER UPDATE ON `labels` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` IN (NEW.`project_id`, OLD.`project_id`); END;
--> statement-breakpoint
CREATE TRIGGER `labels_bump_lookups_version_delete` AFTER DELETE ON `labels` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` = OLD.`project_id`; END;
--> statement-breakpoint
CREATE TRIGGER `project_members_bump_lookups_version_insert` AFTER INSERT ON `project_members` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` = NEW.`project_id`; END;
--> statement-breakpoint
CREATE TRIGGER `project_members_bump_lookups_version_update` AFTER UPDATE OF `project_id`, `member_id` ON `project_members` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` IN (NEW.`project_id`, OLD.`project_id`); END;
--> statement-breakpoint
CREATE TRIGGER `project_members_bump_lookups_version_delete` AFTER DELETE ON `project_members` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` = OLD.`project_id`; END;
--> statement-breakpoint
CREATE TRIGGER `users_bump_lookups_version_update` AFTER UPDATE OF `email`, `first_name`, `last_name`, `display_name`, `avatar`, `is_bot` ON `users` BEGIN UPDATE `projects` SET `lookups_version` = `lookups_version` + 1 WHERE `id` IN (SELECT `project_id` FROM `project_members` WHERE `member_id` = NEW.`id`); END;
