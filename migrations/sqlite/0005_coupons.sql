CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`discount_bp` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "coupons_discount_range" CHECK("coupons"."discount_bp" between 100 and 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_unique` ON `coupons` (`code`);