ALTER TABLE `coupons` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `coupons` ADD `min_order` integer;--> statement-breakpoint
ALTER TABLE `coupons` ADD `max_uses` integer;--> statement-breakpoint
ALTER TABLE `coupons` ADD `uses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sliders` ADD `link_kind` text;--> statement-breakpoint
ALTER TABLE `sliders` ADD `link_target` text;--> statement-breakpoint
ALTER TABLE `sliders` ADD `alt_en` text;--> statement-breakpoint
ALTER TABLE `sliders` ADD `alt_bn` text;