CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`district` text,
	`thana` text,
	`delivery_location` text,
	`user_id` text,
	`claimed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_phone` ON `customers` (`phone`);--> statement-breakpoint
CREATE INDEX `customers_user` ON `customers` (`user_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `taken` text;