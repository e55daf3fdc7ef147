ALTER TABLE `github_webhook_deliveries` ADD `payload` text;--> statement-breakpoint
ALTER TABLE `github_webhook_deliveries` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `github_webhook_deliveries` ADD `lease_until` text;--> statement-breakpoint
CREATE INDEX `github_webhook_deliveries_status_idx` ON `github_webhook_deliveries` (`status`,`created_at`);