ALTER TABLE `users` ADD `email_verified_at` text;--> statement-breakpoint
-- Accounts made before addresses were verified keep working as they did: they count as verified.
UPDATE `users` SET `email_verified_at` = `created_at`;
