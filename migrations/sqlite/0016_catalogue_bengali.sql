ALTER TABLE `categories` ADD `name_bn` text;--> statement-breakpoint
ALTER TABLE `products` ADD `title_bn` text;--> statement-breakpoint
ALTER TABLE `products` ADD `description_bn` text;--> statement-breakpoint
-- Hand-written (issue 18): the Bengali title, description and category name are searched with the
-- English ones, in the same FTS5 columns (so bm25 weighs a Bengali title as a title). The text of a
-- column is the English, then a space and the Bengali when there is one. No backfill: no row has
-- Bengali yet.
DROP TRIGGER `products_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products`
BEGIN
  INSERT INTO `products_search` (`product_id`, `title`, `category`, `description`)
  VALUES (NEW.`id`, NEW.`title` || coalesce(' ' || NEW.`title_bn`, ''), coalesce((SELECT `name` || coalesce(' ' || `name_bn`, '') FROM `categories` WHERE `id` = NEW.`category_id`), ''), NEW.`description` || coalesce(' ' || NEW.`description_bn`, ''));
END;
--> statement-breakpoint
DROP TRIGGER `products_search_update`;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF `title`, `title_bn`, `description`, `description_bn`, `category_id` ON `products`
BEGIN
  DELETE FROM `products_search` WHERE `product_id` = OLD.`id`;
  INSERT INTO `products_search` (`product_id`, `title`, `category`, `description`)
  VALUES (NEW.`id`, NEW.`title` || coalesce(' ' || NEW.`title_bn`, ''), coalesce((SELECT `name` || coalesce(' ' || `name_bn`, '') FROM `categories` WHERE `id` = NEW.`category_id`), ''), NEW.`description` || coalesce(' ' || NEW.`description_bn`, ''));
END;
--> statement-breakpoint
DROP TRIGGER `categories_search_rename`;
--> statement-breakpoint
CREATE TRIGGER `categories_search_rename` AFTER UPDATE OF `name`, `name_bn` ON `categories`
BEGIN
  UPDATE `products_search` SET `category` = NEW.`name` || coalesce(' ' || NEW.`name_bn`, '') WHERE `product_id` IN (SELECT `id` FROM `products` WHERE `category_id` = NEW.`id`);
END;
