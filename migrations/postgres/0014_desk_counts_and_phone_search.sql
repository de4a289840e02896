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
-- already holds the log's head first, so the rows are always locked in the same order.
INSERT INTO "orders_status_counts" ("status", "orders") SELECT "status", count(*) FROM "orders" WHERE NOT "removed" GROUP BY "status";
--> statement-breakpoint
CREATE FUNCTION "orders_status_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD."removed" THEN
    UPDATE "orders_status_counts" SET "orders" = "orders" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW."removed" THEN
    INSERT INTO "orders_status_counts" ("status", "orders") VALUES (NEW."status", 1)
    ON CONFLICT ("status") DO UPDATE SET "orders" = "orders_status_counts"."orders" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Each trigger is written as pg_get_triggerdef prints it: the start-up check (postgres-triggers.ts)
-- compares every trigger of the migrations with it.
CREATE TRIGGER "orders_status_counts_insert" AFTER INSERT ON "orders"
FOR EACH ROW WHEN ((NOT new."removed")) EXECUTE FUNCTION "orders_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_update" AFTER UPDATE OF "status", "removed" ON "orders"
FOR EACH ROW WHEN (((old."status" IS DISTINCT FROM new."status") OR (old."removed" IS DISTINCT FROM new."removed"))) EXECUTE FUNCTION "orders_status_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_delete" AFTER DELETE ON "orders"
FOR EACH ROW WHEN ((NOT old."removed")) EXECUTE FUNCTION "orders_status_counts_follow"();
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
