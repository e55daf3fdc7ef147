CREATE TABLE `slack_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`sync_id` text NOT NULL,
	`event_id` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`ts` text,
	`error` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`sync_id`) REFERENCES `slack_project_syncs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slack_posts_sync_event_uq` ON `slack_posts` (`sync_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `slack_posts_created_idx` ON `slack_posts` (`created_at`);