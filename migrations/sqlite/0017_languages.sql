ALTER TABLE `users` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `lang` text;