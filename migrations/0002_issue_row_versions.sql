CREATE TABLE `issue_tombstones` (
	`project_id` text NOT NULL,
	`issue_id` text NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `issue_tombstones_project_version_idx` ON `issue_tombstones` (`project_id`,`version`);--> statement-breakpoint
ALTER TABLE `issues` ADD `row_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `issues_project_row_version_idx` ON `issues` (`project_id`,`row_version`);--> statement-breakpoint
-- Hand-written below this line. The issues triggers of 0001 now also stamp each written row with
-- the project's new issues_version (row_version), and record issues that leave a project in
-- issue_tombstones, so that a cached board at version v can read just what changed after v
-- (ADR 010). The WHEN clause keeps the stamp's own UPDATE from counting as another write.
DROP TRIGGER `issues_bump_issues_version_insert`;
--> statement-breakpoint
DROP TRIGGER `issues_bump_issues_version_update`;
--> statement-breakpoint
DROP TRIGGER `issues_bump_issues_version_delete`;
--> statement-breakpoint
CREATE TRIGGER `issues_versions_insert` AFTER INSERT ON `issues` BEGIN
  UPDATE `projects` SET `issues_version` = `issues_version` + 1 WHERE `id` = NEW.`project_id`;
  UPDATE `issues` SET `row_version` = (SELECT `issues_version` FROM `projects` WHERE `id` = NEW.`project_id`) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `issues_versions_update` AFTER UPDATE ON `issues` WHEN NEW.`row_version` IS OLD.`row_version` BEGIN
  UPDATE `projects` SET `issues_version` = `issues_version` + 1 WHERE `id` IN (NEW.`project_id`, OLD.`project_id`);
  UPDATE `issues` SET `row_version` = (SELECT `issues_version` FROM `projects` WHERE `id` = NEW.`project_id`) WHERE `id` = NEW.`id`;
  INSERT INTO `issue_tombstones` (`project_id`, `issue_id`, `version`)
    SELECT OLD.`project_id`, OLD.`id`, `issues_version` FROM `projects` WHERE `id` = OLD.`project_id` AND OLD.`project_id` IS NOT NEW.`project_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `issues_versions_delete` AFTER DELETE ON `issues` BEGIN
  UPDATE `projects` SET `issues_version` = `issues_version` + 1 WHERE `id` = OLD.`project_id`;
  INSERT INTO `issue_tombstones` (`project_id`, `issue_id`, `version`)
    SELECT OLD.`project_id`, OLD.`id`, `issues_version` FROM `projects` WHERE `id` = OLD.`project_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `projects_drop_issue_tombstones` AFTER DELETE ON `projects` BEGIN
  DELETE FROM `issue_tombstones` WHERE `project_id` = OLD.`id`;
END;
