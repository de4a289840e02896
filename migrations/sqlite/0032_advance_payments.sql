CREATE TABLE `payment_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`provider` text NOT NULL,
	`payment_id` text NOT NULL,
	`invoice` text NOT NULL,
	`amount` integer NOT NULL,
	`redirect_url` text NOT NULL,
	`state` text NOT NULL,
	`message` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_attempts_payment` ON `payment_attempts` (`provider`,`payment_id`);--> statement-breakpoint
CREATE INDEX `payment_attempts_order` ON `payment_attempts` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_holds` (
	`order_id` text PRIMARY KEY NOT NULL,
	`order_number` integer NOT NULL,
	`owner_user_id` text NOT NULL,
	`provider` text NOT NULL,
	`amount` integer NOT NULL,
	`state` text NOT NULL,
	`hold_until` integer NOT NULL,
	`placed_at` integer NOT NULL,
	`trx_id` text,
	`paid_at` integer,
	`refunded_amount` integer,
	`refunded_at` integer
);
--> statement-breakpoint
CREATE INDEX `payment_holds_due` ON `payment_holds` (`state`,`hold_until`);--> statement-breakpoint
CREATE INDEX `payment_holds_paid` ON `payment_holds` (`paid_at`);--> statement-breakpoint
CREATE INDEX `payment_holds_refunded` ON `payment_holds` (`refunded_at`);--> statement-breakpoint
CREATE TABLE `courier_records` (
	`phone` text NOT NULL,
	`source` text NOT NULL,
	`record` text NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`phone`, `source`)
);
--> statement-breakpoint
CREATE INDEX `courier_records_fetched` ON `courier_records` (`fetched_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `advance` text;