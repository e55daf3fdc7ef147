ALTER TABLE `api_tokens` ADD `scope` text DEFAULT 'read_write' NOT NULL;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `expires_at` text;