CREATE TABLE "blocked_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blocked_phones_created" ON "blocked_phones" USING btree ("created_at","phone");