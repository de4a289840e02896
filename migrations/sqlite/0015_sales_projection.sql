-- WITHOUT ROWID (by hand; Drizzle cannot declare it): the rows live in the primary key's b-tree, so
-- a range of days is read in one sequential pass and an upsert touches one b-tree (decision 033).
CREATE TABLE `product_sales_days` (
	`day` text NOT NULL,
	`product_id` text NOT NULL,
	`title` text NOT NULL,
	`orders` integer NOT NULL,
	`quantity` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`day`, `product_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `sales_days` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`orders` integer NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`day`, `kind`)
) WITHOUT ROWID;
--> statement-breakpoint
-- Backfill (decision 033): the sales projection of the orders listed so far, as salesEntry() counts them.
INSERT INTO `sales_days` (`day`, `kind`, `orders`, `amount`)
SELECT date(`placed_at` / 1000 + 21600, 'unixepoch') AS `day`,
       CASE WHEN `status` = 'Canceled' THEN 'canceled' WHEN `removed` THEN 'deleted' WHEN `status` = 'Confirmed' THEN 'confirmed' ELSE 'pending' END AS `kind`,
       count(*), sum(`amount`)
FROM `orders` GROUP BY 1, 2;
--> statement-breakpoint
-- Per day and product, Pending and Confirmed orders only; the title of the day's latest order (SQLite
-- takes the bare column from the row of max()).
INSERT INTO `product_sales_days` (`day`, `product_id`, `title`, `orders`, `quantity`, `revenue`)
SELECT `day`, `product_id`, `title`, `orders`, `quantity`, `revenue` FROM (
  SELECT date(o.`placed_at` / 1000 + 21600, 'unixepoch') AS `day`,
         json_extract(j.`value`, '$.productId') AS `product_id`,
         json_extract(j.`value`, '$.title') AS `title`,
         max(o.`placed_at`) AS `latest`,
         count(DISTINCT o.`id`) AS `orders`,
         sum(json_extract(j.`value`, '$.quantity')) AS `quantity`,
         sum(json_extract(j.`value`, '$.price')) AS `revenue`
  FROM `orders` o, json_each(o.`items`) j
  WHERE o.`status` <> 'Canceled' AND NOT o.`removed`
  GROUP BY 1, 2
);
