CREATE TABLE `search_documents` (
	`id` integer PRIMARY KEY NOT NULL,
	`entity_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_documents_entity_id_unique` ON `search_documents` (`entity_id`);--> statement-breakpoint
-- Hand-written below this line: the full-text index behind workspace search (ADR 017).
-- search_index is a contentless FTS5 table (it stores the index, not a second copy of the text)
-- whose rows are deleted by rowid; search_documents gives each row its integer rowid. Columns:
--   title  the row's name (ranked ten times above the body)
--   body   its plain text (an issue's description_stripped, a cycle's description, ...)
--   scope  one token naming what the row is and who may read it: kind + 'p' + the project id
--          without dashes ("issuep1f0c..."), and for a private page + 'u' + its creator's id.
--          A query names the scopes the caller may read, so the index itself filters by access.
-- The triggers keep it in step with every write, from any code path; the last statements
-- index what existed before this migration.
CREATE VIRTUAL TABLE `search_index` USING fts5(
	title, body, scope,
	content = '', contentless_delete = 1,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `search_index`(`search_index`, `rank`) VALUES ('rank', 'bm25(10.0, 1.0, 0.0)');
--> statement-breakpoint
CREATE TRIGGER `issues_search_insert` AFTER INSERT ON `issues` BEGIN
	INSERT INTO `search_documents`(`entity_id`) VALUES (new.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, new.description_stripped, 'issuep' || replace(new.project_id, '-', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `issues_search_update` AFTER UPDATE OF name, description_stripped, project_id ON `issues`
WHEN old.name IS NOT new.name OR old.description_stripped IS NOT new.description_stripped OR old.project_id IS NOT new.project_id BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, new.description_stripped, 'issuep' || replace(new.project_id, '-', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `issues_search_delete` AFTER DELETE ON `issues` BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	DELETE FROM `search_documents` WHERE `entity_id` = old.id;
END;
--> statement-breakpoint
INSERT INTO `search_documents`(`entity_id`) SELECT `id` FROM `issues`;
--> statement-breakpoint
INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`)
SELECT d.id, t.name, t.description_stripped, 'issuep' || replace(t.project_id, '-', '')
FROM `issues` t JOIN `search_documents` d ON d.entity_id = t.id;
--> statement-breakpoint
CREATE TRIGGER `cycles_search_insert` AFTER INSERT ON `cycles` BEGIN
	INSERT INTO `search_documents`(`entity_id`) VALUES (new.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, new.description, 'cyclep' || replace(new.project_id, '-', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `cycles_search_update` AFTER UPDATE OF name, description, project_id ON `cycles`
WHEN old.name IS NOT new.name OR old.description IS NOT new.description OR old.project_id IS NOT new.project_id BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, new.description, 'cyclep' || replace(new.project_id, '-', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `cycles_search_delete` AFTER DELETE ON `cycles` BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	DELETE FROM `search_documents` WHERE `entity_id` = old.id;
END;
--> statement-breakpoint
INSERT INTO `search_documents`(`entity_id`) SELECT `id` FROM `cycles`;
--> statement-breakpoint
INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`)
SELECT d.id, t.name, t.description, 'cyclep' || replace(t.project_id, '-', '')
FROM `cycles` t JOIN `search_documents` d ON d.entity_id = t.id;
--> statement-breakpoint
CREATE TRIGGER `modules_search_insert` AFTER INSERT ON `modules` BEGIN
	INSERT INTO `search_documents`(`entity_id`) VALUES (new.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, new.description, 'modulep' || replace(new.project_id, '-', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `modules_search_update` AFTER UPDATE OF name, description, project_id ON `modules`
WHEN old.name IS NOT new.name OR old.description IS NOT new.description OR old.project_id IS NOT new.project_id BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, new.description, 'modulep' || replace(new.project_id, '-', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `modules_search_delete` AFTER DELETE ON `modules` BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	DELETE FROM `search_documents` WHERE `entity_id` = old.id;
END;
--> statement-breakpoint
INSERT INTO `search_documents`(`entity_id`) SELECT `id` FROM `modules`;
--> statement-breakpoint
INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`)
SELECT d.id, t.name, t.description, 'modulep' || replace(t.project_id, '-', '')
FROM `modules` t JOIN `search_documents` d ON d.entity_id = t.id;
--> statement-breakpoint
CREATE TRIGGER `issue_views_search_insert` AFTER INSERT ON `issue_views` BEGIN
	INSERT INTO `search_documents`(`entity_id`) VALUES (new.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, new.description, 'viewp' || replace(new.project_id, '-', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `issue_views_search_update` AFTER UPDATE OF name, description, project_id ON `issue_views`
WHEN old.name IS NOT new.name OR old.description IS NOT new.description OR old.project_id IS NOT new.project_id BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, new.description, 'viewp' || replace(new.project_id, '-', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `issue_views_search_delete` AFTER DELETE ON `issue_views` BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	DELETE FROM `search_documents` WHERE `entity_id` = old.id;
END;
--> statement-breakpoint
INSERT INTO `search_documents`(`entity_id`) SELECT `id` FROM `issue_views`;
--> statement-breakpoint
INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`)
SELECT d.id, t.name, t.description, 'viewp' || replace(t.project_id, '-', '')
FROM `issue_views` t JOIN `search_documents` d ON d.entity_id = t.id;
--> statement-breakpoint
CREATE TRIGGER `pages_search_insert` AFTER INSERT ON `pages` BEGIN
	INSERT INTO `search_documents`(`entity_id`) VALUES (new.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, '', 'pagep' || replace(new.project_id, '-', '') || CASE WHEN new.access = 1 THEN 'u' || replace(new.created_by, '-', '') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `pages_search_update` AFTER UPDATE OF name, project_id, access, created_by ON `pages`
WHEN old.name IS NOT new.name OR old.project_id IS NOT new.project_id OR old.access IS NOT new.access OR old.created_by IS NOT new.created_by BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`) VALUES ((SELECT `id` FROM `search_documents` WHERE `entity_id` = new.id), new.name, '', 'pagep' || replace(new.project_id, '-', '') || CASE WHEN new.access = 1 THEN 'u' || replace(new.created_by, '-', '') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `pages_search_delete` AFTER DELETE ON `pages` BEGIN
	DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `entity_id` = old.id);
	DELETE FROM `search_documents` WHERE `entity_id` = old.id;
END;
--> statement-breakpoint
INSERT INTO `search_documents`(`entity_id`) SELECT `id` FROM `pages`;
--> statement-breakpoint
INSERT INTO `search_index`(`rowid`, `title`, `body`, `scope`)
SELECT d.id, t.name, '', 'pagep' || replace(t.project_id, '-', '') || CASE WHEN t.access = 1 THEN 'u' || replace(t.created_by, '-', '') ELSE '' END
FROM `pages` t JOIN `search_documents` d ON d.entity_id = t.id;
