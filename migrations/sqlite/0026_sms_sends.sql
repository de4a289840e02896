CREATE TABLE `sms_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`address` text,
	`kind` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_sends_phone_at` ON `sms_sends` (`phone`,`at`);--> statement-breakpoint
CREATE INDEX `sms_sends_address_at` ON `sms_sends` (`address`,`at`);--> statement-breakpoint
CREATE INDEX `sms_sends_at` ON `sms_sends` (`at`);