CREATE TABLE `parcel_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`order_number` integer NOT NULL,
	`courier` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`requested_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parcel_bookings_one_queued` ON `parcel_bookings` (`order_id`) WHERE "parcel_bookings"."state" = 'queued';--> statement-breakpoint
CREATE INDEX `parcel_bookings_due` ON `parcel_bookings` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `parcel_bookings_order` ON `parcel_bookings` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `parcels` (
	`order_id` text PRIMARY KEY NOT NULL,
	`order_number` integer NOT NULL,
	`courier` text NOT NULL,
	`consignment_id` text NOT NULL,
	`tracking_code` text NOT NULL,
	`status` text NOT NULL,
	`cod_amount` integer NOT NULL,
	`collected_amount` integer,
	`delivery_charge` integer,
	`booked_at` integer NOT NULL,
	`final_at` integer,
	`return_received_at` integer,
	`settled_reference` text,
	`settled_amount` integer,
	`settled_fee` integer,
	`settled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parcels_consignment` ON `parcels` (`courier`,`consignment_id`);--> statement-breakpoint
CREATE INDEX `parcels_courier_final` ON `parcels` (`courier`,`final_at`);--> statement-breakpoint
CREATE INDEX `parcels_courier_settled` ON `parcels` (`courier`,`settled_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `district` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `thana` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_status` text;--> statement-breakpoint
CREATE INDEX `orders_listed_delivery` ON `orders` (`removed`,`delivery_status`,`placed_at`,`id`);