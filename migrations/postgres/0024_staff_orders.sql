CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"district" text,
	"thana" text,
	"delivery_location" text,
	"user_id" text,
	"claimed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taken" text;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customers_user" ON "customers" USING btree ("user_id");