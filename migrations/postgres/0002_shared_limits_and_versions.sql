CREATE TABLE "change_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limit_windows" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "limit_windows_pkey" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "limit_windows_expiry" ON "limit_windows" USING btree ("scope","window_start");