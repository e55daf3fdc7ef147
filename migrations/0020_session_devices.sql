ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `ip_country` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Sessions from before this were last seen, as far as anyone knows, when they started.
UPDATE `sessions` SET `last_seen_at` = `created_at`;
