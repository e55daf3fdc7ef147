ALTER TABLE `account_tokens` ADD `code_hash` text;--> statement-breakpoint
ALTER TABLE `account_tokens` ADD `new_email` text;