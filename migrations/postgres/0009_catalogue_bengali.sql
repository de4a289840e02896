ALTER TABLE "categories" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_bn" text;--> statement-breakpoint
-- Hand-written (issue 18): the Bengali title, description and category name join the English ones
-- in the search document, with the same weights (A, B, C). concat_ws skips a null. No backfill: no
-- row has Bengali yet.
CREATE OR REPLACE FUNCTION "products_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search" := setweight(to_tsvector('simple', search_fold(concat_ws(' ', NEW."title", NEW."title_bn"))), 'A')
    || setweight(to_tsvector('simple', search_fold(coalesce((SELECT concat_ws(' ', "name", "name_bn") FROM "categories" WHERE "id" = NEW."category_id"), ''))), 'B')
    || setweight(to_tsvector('simple', search_fold(concat_ws(' ', NEW."description", NEW."description_bn"))), 'C');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_search_document" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_search_document" BEFORE INSERT OR UPDATE OF "title", "title_bn", "description", "description_bn", "category_id" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_document"();
--> statement-breakpoint
DROP TRIGGER "categories_search_rename" ON "categories";
--> statement-breakpoint
CREATE TRIGGER "categories_search_rename" AFTER UPDATE OF "name", "name_bn" ON "categories" FOR EACH ROW EXECUTE FUNCTION "categories_search_rename"();
