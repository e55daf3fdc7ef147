DROP INDEX `issues_project_state_sort_idx`;--> statement-breakpoint
DROP INDEX `issues_project_priority_idx`;--> statement-breakpoint
DROP INDEX `issues_project_target_idx`;--> statement-breakpoint
DROP INDEX `issues_project_creator_idx`;--> statement-breakpoint
CREATE INDEX `issues_project_priority_rank_idx` ON `issues` (`project_id`,(CASE "priority" WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 WHEN 'low' THEN 3 ELSE 4 END),`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `issues_project_cycle_sort_idx` ON `issues` (`project_id`,`cycle_id`,`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `issues_project_module_sort_idx` ON `issues` (`project_id`,`module_id`,`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `issues_project_state_sort_idx` ON `issues` (`project_id`,`state_id`,`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `issues_project_priority_idx` ON `issues` (`project_id`,`priority`,`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `issues_project_target_idx` ON `issues` (`project_id`,`target_date`,`sort_order`,`id`);--> statement-breakpoint
CREATE INDEX `issues_project_creator_idx` ON `issues` (`project_id`,`created_by`,`sort_order`,`id`);