-- Issue 20: the placement limits' Pending counts (per customer, per phone) test status, removed and
-- imported; their index now holds all of them, so the count reads only that customer's or phone's
-- Pending entries (SQLite, without statistics, had taken orders_listed_status and counted every
-- Pending order of the shop in each order's transaction).
DROP INDEX "orders_owner_status";--> statement-breakpoint
DROP INDEX "orders_phone_status";--> statement-breakpoint
CREATE INDEX "orders_owner_status" ON "orders" USING btree ("owner_user_id","status","removed","imported");--> statement-breakpoint
CREATE INDEX "orders_phone_status" ON "orders" USING btree ("phone","status","removed","imported");