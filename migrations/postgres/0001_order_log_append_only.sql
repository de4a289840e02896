-- Hand-written (decisions 007, 014 and 022): the order log is append-only, as SQLite's triggers make
-- it, with the same messages. Beyond SQLite: TRUNCATE skips row triggers, so a statement trigger
-- refuses it. SQLite's order_events_no_replace has no twin: PostgreSQL has no INSERT OR REPLACE,
-- and INSERT ... ON CONFLICT DO UPDATE fires the UPDATE trigger.
CREATE FUNCTION "order_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_events is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_events_no_update" BEFORE UPDATE ON "order_events"
FOR EACH ROW EXECUTE FUNCTION "order_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "order_events_no_delete" BEFORE DELETE ON "order_events"
FOR EACH ROW EXECUTE FUNCTION "order_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "order_events_no_truncate" BEFORE TRUNCATE ON "order_events"
FOR EACH STATEMENT EXECUTE FUNCTION "order_events_append_only"();
--> statement-breakpoint
-- The head starts where the log is (decision 014), as SQLite's migration 0007 writes it.
INSERT INTO "order_log_head" ("id", "event_count", "last_id", "last_hash")
SELECT 1, count(*), coalesce(max("id"), 0), coalesce((SELECT "hash" FROM "order_events" ORDER BY "id" DESC LIMIT 1), '0000000000000000000000000000000000000000000000000000000000000000')
FROM "order_events";
--> statement-breakpoint
CREATE FUNCTION "order_log_head_no_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_log_head cannot be deleted' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_log_head_no_delete" BEFORE DELETE ON "order_log_head"
FOR EACH ROW EXECUTE FUNCTION "order_log_head_no_delete"();
--> statement-breakpoint
CREATE TRIGGER "order_log_head_no_truncate" BEFORE TRUNCATE ON "order_log_head"
FOR EACH STATEMENT EXECUTE FUNCTION "order_log_head_no_delete"();
--> statement-breakpoint
CREATE FUNCTION "order_log_head_no_second_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "order_log_head") THEN
    RAISE EXCEPTION 'order_log_head has one row: it is updated, never replaced' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_log_head_no_second_row" BEFORE INSERT ON "order_log_head"
FOR EACH ROW EXECUTE FUNCTION "order_log_head_no_second_row"();
--> statement-breakpoint
CREATE FUNCTION "order_log_head_no_rewind"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."id" IS DISTINCT FROM OLD."id" OR NEW."event_count" < OLD."event_count" OR NEW."last_id" < OLD."last_id"
    OR (NEW."last_id" = OLD."last_id" AND NEW."last_hash" IS DISTINCT FROM OLD."last_hash")
    OR (OLD."keyed_from" IS NOT NULL AND (NEW."keyed_from" IS DISTINCT FROM OLD."keyed_from" OR NEW."key_proof" IS DISTINCT FROM OLD."key_proof"))
    OR (OLD."keyed_from" IS NULL AND NEW."keyed_from" IS NOT NULL AND NEW."keyed_from" <= OLD."last_id")
  THEN
    RAISE EXCEPTION 'order_log_head only moves forward: its count, last event and key switch cannot be rewound' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_log_head_no_rewind" BEFORE UPDATE ON "order_log_head"
FOR EACH ROW EXECUTE FUNCTION "order_log_head_no_rewind"();
