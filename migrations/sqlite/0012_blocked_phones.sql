CREATE TABLE `blocked_phones` (
	`phone` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `blocked_phones_created` ON `blocked_phones` (`created_at`,`phone`);