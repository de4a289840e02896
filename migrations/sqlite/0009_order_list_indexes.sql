DROP INDEX `orders_owner`;--> statement-breakpoint
DROP INDEX `orders_listed`;--> statement-breakpoint
CREATE INDEX `orders_owner` ON `orders` (`owner_user_id`,`removed`,`placed_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_listed` ON `orders` (`removed`,`placed_at`,`id`);