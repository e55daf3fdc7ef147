CREATE TABLE `import_records` (
	`project_id` text NOT NULL,
	`kind` text NOT NULL,
	`source_key` text NOT NULL,
	`target_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `import_records_uq` ON `import_records` (`project_id`,`kind`,`source_key`);--> statement-breakpoint
CREATE TABLE `project_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`project_id` text NOT NULL,
	`format` text NOT NULL,
	`status` text DEFAULT 'processing' NOT NULL,
	`asset_key` text,
	`issue_count` integer DEFAULT 0 NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`error` text,
	`initiated_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`initiated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `project_exports_ws_idx` ON `project_exports` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `importers` ADD `lease_until` text;--> statement-breakpoint
ALTER TABLE `importers` ADD `progressed_at` text;--> statement-breakpoint
CREATE INDEX `importers_status_idx` ON `importers` (`status`,`progressed_at`);--> statement-breakpoint
-- Hand-written: the app integrations the product offers (the GitHub credential of the importer
-- and the GitHub App hang off the first; Slack off the second).
INSERT OR IGNORE INTO `integrations` (`id`, `provider`, `title`, `description`, `author`, `avatar_url`, `created_at`, `updated_at`) VALUES
	('00000000-0000-4000-8000-000000000001', 'github', 'GitHub', 'Import issues and keep them in sync with a repository.', 'Edge Tracker', '', '2026-11-25T00:00:00.000Z', '2026-11-25T00:00:00.000Z'),
	('00000000-0000-4000-8000-000000000002', 'slack', 'Slack', 'Post issue updates to a Slack channel.', 'Edge Tracker', '', '2026-11-25T00:00:00.000Z', '2026-11-25T00:00:00.000Z');
