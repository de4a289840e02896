CREATE TABLE "payment_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"invoice" text NOT NULL,
	"amount" integer NOT NULL,
	"redirect_url" text NOT NULL,
	"state" text NOT NULL,
	"message" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_holds" (
	"order_id" text PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"owner_user_id" text NOT NULL,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"hold_until" timestamp (3) with time zone NOT NULL,
	"placed_at" timestamp (3) with time zone NOT NULL,
	"trx_id" text,
	"paid_at" timestamp (3) with time zone,
	"refunded_amount" integer,
	"refunded_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "courier_records" (
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"record" text NOT NULL,
	"fetched_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "courier_records_phone_source_pk" PRIMARY KEY("phone","source")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_payment" ON "payment_attempts" USING btree ("provider","payment_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_order" ON "payment_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_holds_due" ON "payment_holds" USING btree ("state","hold_until");--> statement-breakpoint
CREATE INDEX "payment_holds_paid" ON "payment_holds" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "payment_holds_refunded" ON "payment_holds" USING btree ("refunded_at");--> statement-breakpoint
CREATE INDEX "courier_records_fetched" ON "courier_records" USING btree ("fetched_at");