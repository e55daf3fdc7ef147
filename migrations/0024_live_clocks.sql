ALTER TABLE `projects` ADD `live_clock` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `live_clock` integer DEFAULT 1 NOT NULL;