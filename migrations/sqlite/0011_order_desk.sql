ALTER TABLE `orders` ADD `order_number` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `canceled_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `canceled_at` integer;--> statement-breakpoint
-- Hand-written (decision 030): every order placed before gets its number in the order of its
-- Placed event (the log's commit order), from 10001; and who canceled it, from its events.
UPDATE `orders` SET `order_number` = `numbered`.`n`
FROM (SELECT `order_id`, 10000 + row_number() OVER (ORDER BY `id`) AS `n` FROM `order_events` WHERE `type` = 'Placed') AS `numbered`
WHERE `numbered`.`order_id` = `orders`.`id`;--> statement-breakpoint
UPDATE `orders` SET `canceled_by` = CASE `e`.`type` WHEN 'Canceled' THEN 'shop' ELSE 'customer' END, `canceled_at` = `e`.`at`
FROM `order_events` AS `e`
WHERE `e`.`order_id` = `orders`.`id` AND `e`.`type` IN ('Canceled', 'CanceledByCustomer');--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number` ON `orders` (`order_number`);--> statement-breakpoint
CREATE INDEX `orders_phone_canceled` ON `orders` (`phone`,`canceled_by`,`canceled_at`);