ALTER TABLE `products` ADD `sizes_bn` text;--> statement-breakpoint
ALTER TABLE `products` ADD `colors_bn` text;