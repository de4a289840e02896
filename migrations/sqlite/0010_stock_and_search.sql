CREATE TABLE `product_variants` (
	`product_id` text NOT NULL,
	`size` text NOT NULL,
	`color` text NOT NULL,
	`stock` integer NOT NULL,
	PRIMARY KEY(`product_id`, `size`, `color`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_variants_stock_not_negative" CHECK("product_variants"."stock" >= 0)
);
--> statement-breakpoint
CREATE INDEX `products_price` ON `products` (`price`,`created_at`);--> statement-breakpoint
-- Hand-written (decision 027): full text over title, category name and description (FTS5, ranked
-- by bm25, prefix queries). Keyed by product_id rather than rowid: VACUUM (and VACUUM INTO, the
-- backups) may renumber the rowids of a table whose key is text.
CREATE VIRTUAL TABLE `products_search` USING fts5(`product_id` UNINDEXED, `title`, `category`, `description`, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products`
BEGIN
  INSERT INTO `products_search` (`product_id`, `title`, `category`, `description`)
  VALUES (NEW.`id`, NEW.`title`, coalesce((SELECT `name` FROM `categories` WHERE `id` = NEW.`category_id`), ''), NEW.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF `title`, `description`, `category_id` ON `products`
BEGIN
  DELETE FROM `products_search` WHERE `product_id` = OLD.`id`;
  INSERT INTO `products_search` (`product_id`, `title`, `category`, `description`)
  VALUES (NEW.`id`, NEW.`title`, coalesce((SELECT `name` FROM `categories` WHERE `id` = NEW.`category_id`), ''), NEW.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products`
BEGIN
  DELETE FROM `products_search` WHERE `product_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_search_rename` AFTER UPDATE OF `name` ON `categories`
BEGIN
  UPDATE `products_search` SET `category` = NEW.`name` WHERE `product_id` IN (SELECT `id` FROM `products` WHERE `category_id` = NEW.`id`);
END;
--> statement-breakpoint
INSERT INTO `products_search` (`product_id`, `title`, `category`, `description`)
SELECT p.`id`, p.`title`, c.`name`, p.`description` FROM `products` p JOIN `categories` c ON c.`id` = p.`category_id`;
