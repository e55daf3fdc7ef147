DROP TABLE `sign_in_attempts`;--> statement-breakpoint
ALTER TABLE `workspace_invitations` ADD `token_hash` text;--> statement-breakpoint
ALTER TABLE `workspace_invitations` ADD `expires_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invitations_token_hash_unique` ON `workspace_invitations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_uq` ON `users` (lower("email"));