CREATE TABLE `phone_checks` (
	`user_id` text NOT NULL,
	`phone` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`tries` integer NOT NULL,
	`window_start` integer NOT NULL,
	`sends` integer NOT NULL,
	`last_sent_at` integer NOT NULL,
	`verified_at` integer,
	PRIMARY KEY(`user_id`, `phone`)
);
--> statement-breakpoint
CREATE INDEX `phone_checks_user_sent` ON `phone_checks` (`user_id`,`last_sent_at`);