CREATE TABLE "product_variants" (
	"product_id" text NOT NULL,
	"size" text NOT NULL,
	"color" text NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "product_variants_product_id_size_color_pk" PRIMARY KEY("product_id","size","color"),
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector";--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_price" ON "products" USING btree ("price","created_at");--> statement-breakpoint
CREATE INDEX "products_search" ON "products" USING gin ("search");--> statement-breakpoint
-- Hand-written (decision 027): the search document of a product is its title (A), its category's name
-- (B) and its description (C), under the 'simple' configuration (no stemming: Bengali has no
-- dictionary here, and a shop's names are not English prose). A trigger, since the category name
-- lives in another table. search_fold lower-cases every script (ICU: the database's C locale
-- lower-cases ASCII only) and drops the accents of Latin letters, as SQLite's unicode61
-- tokenizer and the shop's searchWords() do: "pokemon" finds "Pokémon" on both engines.
CREATE FUNCTION "search_fold"("value" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower("value" COLLATE "und-x-icu"), 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǧǩǫǭǰǵǹǻȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳ', 'aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzzouaiouuuuuaagkoojgnaaaeeiioorruusthaeooooy')
$$;
--> statement-breakpoint
CREATE FUNCTION "products_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search" := setweight(to_tsvector('simple', search_fold(NEW."title")), 'A')
    || setweight(to_tsvector('simple', search_fold(coalesce((SELECT "name" FROM "categories" WHERE "id" = NEW."category_id"), ''))), 'B')
    || setweight(to_tsvector('simple', search_fold(NEW."description")), 'C');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_document" BEFORE INSERT OR UPDATE OF "title", "description", "category_id" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_document"();
--> statement-breakpoint
CREATE FUNCTION "categories_search_rename"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" SET "category_id" = "category_id" WHERE "category_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_search_rename" AFTER UPDATE OF "name" ON "categories" FOR EACH ROW EXECUTE FUNCTION "categories_search_rename"();
--> statement-breakpoint
UPDATE "products" SET "title" = "title";
