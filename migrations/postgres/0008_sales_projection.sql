CREATE TABLE "product_sales_days" (
	"day" text NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"orders" integer NOT NULL,
	"quantity" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "product_sales_days_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"orders" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "sales_days_day_kind_pk" PRIMARY KEY("day","kind")
);
--> statement-breakpoint
-- Backfill (decision 033): the sales projection of the orders listed so far, as salesEntry() counts them.
INSERT INTO "sales_days" ("day", "kind", "orders", "amount")
SELECT to_char(("placed_at" AT TIME ZONE 'UTC') + interval '6 hours', 'YYYY-MM-DD') AS "day",
       CASE WHEN "status" = 'Canceled' THEN 'canceled' WHEN "removed" THEN 'deleted' WHEN "status" = 'Confirmed' THEN 'confirmed' ELSE 'pending' END AS "kind",
       count(*), sum("amount")
FROM "orders" GROUP BY 1, 2;
--> statement-breakpoint
-- Per day and product, Pending and Confirmed orders only; the title of the day's latest order.
INSERT INTO "product_sales_days" ("day", "product_id", "title", "orders", "quantity", "revenue")
SELECT to_char((o."placed_at" AT TIME ZONE 'UTC') + interval '6 hours', 'YYYY-MM-DD') AS "day",
       j.value ->> 'productId',
       (array_agg(j.value ->> 'title' ORDER BY o."placed_at" DESC))[1],
       count(DISTINCT o."id"),
       sum((j.value ->> 'quantity')::integer),
       sum((j.value ->> 'price')::bigint)
FROM "orders" o CROSS JOIN LATERAL jsonb_array_elements(o."items"::jsonb) j
WHERE o."status" <> 'Canceled' AND NOT o."removed"
GROUP BY 1, 2;
