DROP INDEX `orders_placed`;--> statement-breakpoint
CREATE INDEX `orders_listed` ON `orders` (`removed`,`placed_at`);--> statement-breakpoint
CREATE INDEX `orders_owner_status` ON `orders` (`owner_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_phone_status` ON `orders` (`phone`,`status`);--> statement-breakpoint
CREATE INDEX `orders_phone_placed` ON `orders` (`phone`,`placed_at`);--> statement-breakpoint
CREATE INDEX `coupons_created_at` ON `coupons` (`created_at`,`id`);