CREATE TABLE `notification_mail_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`instant` integer DEFAULT true NOT NULL,
	`digest_hours` integer DEFAULT 4 NOT NULL,
	`unsubscribe_secret` text DEFAULT (lower(hex(randomblob(32)))) NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `notifications` ADD `mailed_changes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_mail_pending_idx` ON `notifications` (`updated_at`) WHERE read_at IS NULL AND archived_at IS NULL AND mailed_changes < json_array_length(changes);--> statement-breakpoint
-- Notifications from before notification mail existed are not mailed now.
UPDATE `notifications` SET `mailed_changes` = json_array_length(`changes`);
