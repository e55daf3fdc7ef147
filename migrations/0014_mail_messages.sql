CREATE TABLE `mail_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`headers` text DEFAULT '{}' NOT NULL,
	`workspace_id` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`transport` text,
	`transport_answer` text,
	`last_error` text,
	`next_attempt_at` text,
	`sent_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_messages_due_idx` ON `mail_messages` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_messages_workspace_idx` ON `mail_messages` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_messages_recipient_idx` ON `mail_messages` (`recipient`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_messages_created_idx` ON `mail_messages` (`created_at`);