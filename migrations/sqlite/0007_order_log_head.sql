CREATE TABLE `order_log_head` (
	`id` integer PRIMARY KEY NOT NULL,
	`event_count` integer NOT NULL,
	`last_id` integer NOT NULL,
	`last_hash` text NOT NULL,
	`keyed_from` integer,
	`key_proof` text,
	`head_mac` text,
	CONSTRAINT "order_log_head_one_row" CHECK("order_log_head"."id" = 1)
);
--> statement-breakpoint
-- Hand-written (decision 014): the head starts where an existing shop's log is now.
INSERT INTO `order_log_head` (`id`, `event_count`, `last_id`, `last_hash`)
SELECT 1, count(*), coalesce(max(`id`), 0), coalesce((SELECT `hash` FROM `order_events` ORDER BY `id` DESC LIMIT 1), '0000000000000000000000000000000000000000000000000000000000000000')
FROM `order_events`;
--> statement-breakpoint
-- Hand-written: INSERT OR REPLACE deletes the row it replaces without firing DELETE triggers.
CREATE TRIGGER `order_events_no_replace` BEFORE INSERT ON `order_events`
WHEN EXISTS (SELECT 1 FROM `order_events` WHERE `id` = NEW.`id`)
  OR EXISTS (SELECT 1 FROM `order_events` WHERE `order_id` = NEW.`order_id` AND `seq` = NEW.`seq`)
BEGIN
  SELECT RAISE(ABORT, 'order_events is append-only: an event cannot be replaced');
END;
--> statement-breakpoint
CREATE TRIGGER `order_log_head_no_delete` BEFORE DELETE ON `order_log_head`
BEGIN
  SELECT RAISE(ABORT, 'order_log_head cannot be deleted');
END;
--> statement-breakpoint
CREATE TRIGGER `order_log_head_no_second_row` BEFORE INSERT ON `order_log_head`
WHEN EXISTS (SELECT 1 FROM `order_log_head`)
BEGIN
  SELECT RAISE(ABORT, 'order_log_head has one row: it is updated, never replaced');
END;
--> statement-breakpoint
CREATE TRIGGER `order_log_head_no_rewind` BEFORE UPDATE ON `order_log_head`
WHEN NEW.`id` IS NOT OLD.`id` OR NEW.`event_count` < OLD.`event_count` OR NEW.`last_id` < OLD.`last_id`
  OR (NEW.`last_id` = OLD.`last_id` AND NEW.`last_hash` IS NOT OLD.`last_hash`)
  OR (OLD.`keyed_from` IS NOT NULL AND (NEW.`keyed_from` IS NOT OLD.`keyed_from` OR NEW.`key_proof` IS NOT OLD.`key_proof`))
  OR (OLD.`keyed_from` IS NULL AND NEW.`keyed_from` IS NOT NULL AND NEW.`keyed_from` <= OLD.`last_id`)
BEGIN
  SELECT RAISE(ABORT, 'order_log_head only moves forward: its count, last event and key switch cannot be rewound');
END;
