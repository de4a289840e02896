CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category_id` text NOT NULL,
	`price` integer NOT NULL,
	`sizes` text NOT NULL,
	`colors` text NOT NULL,
	`images` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "products_price_positive" CHECK("products"."price" > 0),
	CONSTRAINT "products_images_count" CHECK(json_array_length("products"."images") between 1 and 3)
);
--> statement-breakpoint
CREATE INDEX `products_created_at` ON `products` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_category` ON `products` (`category_id`,`created_at`);