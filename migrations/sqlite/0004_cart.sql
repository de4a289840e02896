CREATE TABLE `cart_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`size` text DEFAULT '' NOT NULL,
	`color` text DEFAULT '' NOT NULL,
	`quantity` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_lines_same_choice` ON `cart_lines` (`user_id`,`product_id`,`size`,`color`);--> statement-breakpoint
CREATE INDEX `cart_lines_user` ON `cart_lines` (`user_id`,`created_at`);