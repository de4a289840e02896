ALTER TABLE "products" ADD COLUMN "sizes_bn" json;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colors_bn" json;