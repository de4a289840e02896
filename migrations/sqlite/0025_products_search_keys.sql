-- Hand-written (issue 20): the search index's row of each product is found by a key, not by a scan.
-- products_search (FTS5) keeps product_id UNINDEXED, so the triggers' `WHERE product_id = OLD.id`
-- read the whole table: at 100,000 products an edit of a title took 12 ms, a delete 12 ms and a
-- category rename 45 ms, all holding the one writer. products_search_keys maps a product's id to the
-- rowid of its search row (an INTEGER PRIMARY KEY, as FTS5's own content table has: VACUUM keeps
-- both). Every product inserts its key first and its search row under the key's number; a migration
-- that rebuilds products_search must rebuild this table with it.
-- First, rows no product owns any more and second rows of one product (neither should exist) go, so
-- that the map is one to one.
DELETE FROM `products_search` WHERE `product_id` NOT IN (SELECT `id` FROM `products`);
--> statement-breakpoint
DELETE FROM `products_search` WHERE `rowid` NOT IN (SELECT min(`rowid`) FROM `products_search` GROUP BY `product_id`);
--> statement-breakpoint
CREATE TABLE `products_search_keys` (
  `id` integer PRIMARY KEY NOT NULL,
  `product_id` text NOT NULL UNIQUE
);
--> statement-breakpoint
INSERT INTO `products_search_keys` (`id`, `product_id`) SELECT `rowid`, `product_id` FROM `products_search`;
--> statement-breakpoint
DROP TRIGGER `products_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products`
BEGIN
  INSERT INTO `products_search_keys` (`product_id`) VALUES (NEW.`id`);
  INSERT INTO `products_search` (`rowid`, `product_id`, `title`, `category`, `description`, `created_at`)
  VALUES (last_insert_rowid(), NEW.`id`, NEW.`title` || coalesce(' ' || NEW.`title_bn`, ''), coalesce((SELECT `name` || coalesce(' ' || `name_bn`, '') FROM `categories` WHERE `id` = NEW.`category_id`), ''), NEW.`description` || coalesce(' ' || NEW.`description_bn`, ''), NEW.`created_at`);
END;
--> statement-breakpoint
DROP TRIGGER `products_search_update`;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF `title`, `title_bn`, `description`, `description_bn`, `category_id`, `created_at` ON `products`
BEGIN
  DELETE FROM `products_search` WHERE `rowid` = (SELECT `id` FROM `products_search_keys` WHERE `product_id` = OLD.`id`);
  INSERT INTO `products_search` (`rowid`, `product_id`, `title`, `category`, `description`, `created_at`)
  VALUES ((SELECT `id` FROM `products_search_keys` WHERE `product_id` = NEW.`id`), NEW.`id`, NEW.`title` || coalesce(' ' || NEW.`title_bn`, ''), coalesce((SELECT `name` || coalesce(' ' || `name_bn`, '') FROM `categories` WHERE `id` = NEW.`category_id`), ''), NEW.`description` || coalesce(' ' || NEW.`description_bn`, ''), NEW.`created_at`);
END;
--> statement-breakpoint
DROP TRIGGER `products_search_delete`;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products`
BEGIN
  DELETE FROM `products_search` WHERE `rowid` = (SELECT `id` FROM `products_search_keys` WHERE `product_id` = OLD.`id`);
  DELETE FROM `products_search_keys` WHERE `product_id` = OLD.`id`;
END;
--> statement-breakpoint
DROP TRIGGER `categories_search_rename`;
--> statement-breakpoint
CREATE TRIGGER `categories_search_rename` AFTER UPDATE OF `name`, `name_bn` ON `categories`
BEGIN
  UPDATE `products_search` SET `category` = NEW.`name` || coalesce(' ' || NEW.`name_bn`, '')
  WHERE `rowid` IN (SELECT k.`id` FROM `products` p JOIN `products_search_keys` k ON k.`product_id` = p.`id` WHERE p.`category_id` = NEW.`id`);
END;
