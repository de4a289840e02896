CREATE TABLE "phone_checks" (
	"user_id" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"tries" integer NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"sends" integer NOT NULL,
	"last_sent_at" timestamp (3) with time zone NOT NULL,
	"verified_at" timestamp (3) with time zone,
	CONSTRAINT "phone_checks_user_id_phone_pk" PRIMARY KEY("user_id","phone")
);
--> statement-breakpoint
CREATE INDEX "phone_checks_user_sent" ON "phone_checks" USING btree ("user_id","last_sent_at");