-- pg_trgm (part of the server package, trusted: the database's owner may create it) for the phone index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "orders_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_phone_trigram" ON "orders" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
-- Hand-written (issue 20), as SQLite's 0022: the desk's counts per status, filled from the listing,
-- then kept by triggers in the transaction of every write to it. The upsert takes the status row's
-- lock, so concurrent units of work (3 processes) add up without losing one; every unit of work
-- already holds the log's head first, and the rows are locked in status order.
INSERT INTO "orders_status_counts" ("status", "orders") SELECT "status", count(*) FROM "orders" WHERE NOT "removed" GROUP BY "status";
--> statement-breakpoint
-- Per statement, over its transition tables, not per row: each update of a row in one transaction
-- leaves a version the next one walks past, so a row trigger made move-to-postgres's copy of
-- 500,000 orders (one transaction) quadratic (100,000 rows: 99 s instead of 1.5 s); a statement of
-- 500 rows moves the count once. An order's unit of work writes one row per statement as before.
CREATE FUNCTION "orders_status_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "orders_status_counts" AS c ("status", "orders")
    SELECT "status", count(*) FROM "new_orders" WHERE NOT "removed" GROUP BY "status" ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "orders_status_counts" AS c ("status", "orders")
    SELECT "status", sum("n") FROM (
      SELECT "status", 1 AS "n" FROM "new_orders" WHERE NOT "removed"
      UNION ALL
      SELECT "status", -1 AS "n" FROM "old_orders" WHERE NOT "removed"
    ) AS d GROUP BY "status" HAVING sum("n") <> 0 ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  ELSE
    UPDATE "orders_status_counts" AS c SET "orders" = c."orders" - d."n"
    FROM (SELECT "status", count(*) AS "n" FROM "old_orders" WHERE NOT "removed" GROUP BY "status") AS d
    WHERE c."status" = d."status";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Each trigger is written as pg_get_triggerdef prints it: the start-up check (postgres-triggers.ts)
-- compares every trigger of the migrations with it.
CREATE TRIGGER "orders_status_counts_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders"
FOR EACH STATEMENT EXECUTE FUNCTION "orders_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders"
FOR EACH STATEMENT EXECUTE FUNCTION "orders_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders"
FOR EACH STATEMENT EXECUTE FUNCTION "orders_status_counts_follow"();
--> statement-breakpoint
-- TRUNCATE skips row triggers (and only the tables' owner may run it): the counts go with the rows.
CREATE FUNCTION "orders_status_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "orders_status_counts";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_truncate" AFTER TRUNCATE ON "orders"
FOR EACH STATEMENT EXECUTE FUNCTION "orders_status_counts_clear"();
