CREATE TABLE `sliders` (
	`id` text PRIMARY KEY NOT NULL,
	`image` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sliders_created_at` ON `sliders` (`created_at`);