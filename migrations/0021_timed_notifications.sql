-- D1 enforces foreign keys in every migration; notifications is referenced by no table, so the rebuild
-- needs them deferred only as a belt (PRAGMA foreign_keys is not settable on D1).
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`project_id` text NOT NULL,
	`issue_id` text NOT NULL,
	`recipient_id` text NOT NULL,
	`actor_id` text,
	`changes` text NOT NULL,
	`mentioned` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`read_at` text,
	`archived_at` text,
	`snoozed_until` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`issue_id`) REFERENCES `issues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "workspace_id", "project_id", "issue_id", "recipient_id", "actor_id", "changes", "mentioned", "created_at", "updated_at", "read_at", "archived_at", "snoozed_until") SELECT "id", "workspace_id", "project_id", "issue_id", "recipient_id", "actor_id", "changes", "mentioned", "created_at", "updated_at", "read_at", "archived_at", "snoozed_until" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE INDEX `notifications_inbox_idx` ON `notifications` (`recipient_id`,`workspace_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`recipient_id`,`workspace_id`,`project_id`,`snoozed_until`,`read_at`,`archived_at`) WHERE read_at IS NULL AND archived_at IS NULL;--> statement-breakpoint
CREATE INDEX `notifications_open_idx` ON `notifications` (`recipient_id`,`issue_id`,`actor_id`,`created_at`);