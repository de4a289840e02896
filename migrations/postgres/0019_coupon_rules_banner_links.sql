ALTER TABLE "coupons" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "min_order" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "link_kind" text;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "link_target" text;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "alt_en" text;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "alt_bn" text;