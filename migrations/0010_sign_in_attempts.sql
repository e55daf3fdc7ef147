CREATE TABLE `sign_in_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_attempts_key_idx` ON `sign_in_attempts` (`key`,`created_at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_created_idx` ON `sign_in_attempts` (`created_at`);