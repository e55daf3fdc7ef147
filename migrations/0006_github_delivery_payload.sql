ALTER TABLE `github_webhook_deliveries` ADD `body_sha256` text;--> statement-breakpoint
ALTER TABLE `github_webhook_deliveries` ADD `payload` text;--> statement-breakpoint
ALTER TABLE `github_webhook_deliveries` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `github_webhook_deliveries` ADD `lease_until` text;--> statement-breakpoint
CREATE INDEX `github_webhook_deliveries_status_idx` ON `github_webhook_deliveries` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `github_webhook_deliveries_body_uq` ON `github_webhook_deliveries` (`body_sha256`);