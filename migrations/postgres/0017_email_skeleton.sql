ALTER TABLE "users" ADD COLUMN "email_skeleton" text;--> statement-breakpoint
CREATE INDEX "users_email_skeleton" ON "users" USING btree ("email_skeleton");--> statement-breakpoint
-- Emails of plain ASCII are their own skeleton (lower case; normalised rows are lower case already). The
-- others stay null and are filled by the identity module before its first look-alike check (issue 40).
UPDATE "users" SET "email_skeleton" = lower(btrim("email")) WHERE "email" !~ '[^ -~]';