CREATE TABLE "cart_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "categories_name_key_unique" UNIQUE("name_key")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" text NOT NULL,
	"price" integer NOT NULL,
	"sizes" json NOT NULL,
	"colors" json NOT NULL,
	"images" json NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price" > 0),
	CONSTRAINT "products_images_count" CHECK (json_array_length("products"."images") between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"provider" text NOT NULL,
	"password_hash" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('admin', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_log_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"event_count" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"keyed_from" bigint,
	"key_proof" text,
	"head_mac" text,
	CONSTRAINT "order_log_head_one_row" CHECK ("order_log_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "order_requests" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "order_requests_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"delivery_location" text NOT NULL,
	"payment_method" text NOT NULL,
	"applied_coupon" text,
	"discount_bp" integer NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"items" text NOT NULL,
	"status" text NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"placed_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "orders_amount_nonnegative" CHECK ("orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"discount_bp" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_discount_range" CHECK ("coupons"."discount_bp" between 100 and 10000)
);
--> statement-breakpoint
CREATE TABLE "sliders" (
	"id" text PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_same_choice" ON "cart_lines" USING btree ("user_id","product_id","size","color");--> statement-breakpoint
CREATE INDEX "cart_lines_user" ON "cart_lines" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "products_created_at" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "users_created_at" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_order_seq" ON "order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "orders_owner" ON "orders" USING btree ("owner_user_id","removed","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_listed" ON "orders" USING btree ("removed","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_owner_status" ON "orders" USING btree ("owner_user_id","status");--> statement-breakpoint
CREATE INDEX "orders_phone_status" ON "orders" USING btree ("phone","status");--> statement-breakpoint
CREATE INDEX "orders_phone_placed" ON "orders" USING btree ("phone","placed_at");--> statement-breakpoint
CREATE INDEX "coupons_created_at" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sliders_created_at" ON "sliders" USING btree ("created_at");