CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`seq` integer NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`actor` text NOT NULL,
	`at` integer NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_events_order_seq` ON `order_events` (`order_id`,`seq`);--> statement-breakpoint
CREATE TABLE `order_requests` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`order_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_user_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`delivery_location` text NOT NULL,
	`payment_method` text NOT NULL,
	`applied_coupon` text,
	`discount_bp` integer NOT NULL,
	`subtotal` integer NOT NULL,
	`discount` integer NOT NULL,
	`fee` integer NOT NULL,
	`amount` integer NOT NULL,
	`items` text NOT NULL,
	`status` text NOT NULL,
	`removed` integer DEFAULT false NOT NULL,
	`placed_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "orders_amount_nonnegative" CHECK("orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `orders_owner` ON `orders` (`owner_user_id`,`placed_at`);--> statement-breakpoint
CREATE INDEX `orders_placed` ON `orders` (`placed_at`);--> statement-breakpoint
-- Hand-written: the order log is append-only. Nothing may rewrite or remove history.
CREATE TRIGGER `order_events_no_update` BEFORE UPDATE ON `order_events`
BEGIN
  SELECT RAISE(ABORT, 'order_events is append-only: UPDATE is not allowed');
END;
--> statement-breakpoint
CREATE TRIGGER `order_events_no_delete` BEFORE DELETE ON `order_events`
BEGIN
  SELECT RAISE(ABORT, 'order_events is append-only: DELETE is not allowed');
END;
