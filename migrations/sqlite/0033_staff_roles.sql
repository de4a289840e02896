PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'customer' NOT NULL,
	`provider` text NOT NULL,
	`password_hash` text,
	`token_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`lang` text,
	`email_skeleton` text,
	CONSTRAINT "users_role_valid" CHECK("role" in ('customer', 'admin', 'desk', 'packing', 'catalogue', 'auditor'))
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "name", "email", "role", "provider", "password_hash", "token_version", "created_at", "lang", "email_skeleton") SELECT "id", "name", "email", "role", "provider", "password_hash", "token_version", "created_at", "lang", "email_skeleton" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_created_at` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_email_skeleton` ON `users` (`email_skeleton`);