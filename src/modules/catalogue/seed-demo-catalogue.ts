import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import { mapConcurrent } from '../../shared/map-concurrent.js';
import { variantKeys } from '../../shared/stock.js';
import { bengaliLabelsOf, demoCatalogue, demoStock, type DemoProduct } from './domain/demo-catalogue.js';
import type { CategoryStore, ProductStore } from './ports.js';

export type DemoArtSpec = { title: string; subtitle: string; hue: number; seed: string };

/**
 * First start only: fills an empty catalogue with the demo categories and products, whose
 * images are drawn locally (no network). A catalogue with any category or product is the
 * admin's and is never touched. Images are made first; the rows go in in one transaction, so a
 * crash leaves either no demo or all of it.
 */
export async function seedDemoCatalogue(deps: {
  categories: CategoryStore;
  products: ProductStore;
  clock: Clock;
  newId: IdGenerator;
  transaction: <T>(work: (stores: { categories: CategoryStore; products: ProductStore }) => Promise<T>) => Promise<T>;
  makeImage: (spec: DemoArtSpec) => Promise<string>;
  /** Pictures drawn at once (the machine's cores). */
  concurrency?: number;
}): Promise<{ categories: number; products: number }> {
  if ((await deps.categories.count()) > 0 || (await deps.products.count({})) > 0) return { categories: 0, products: 0 };

  const products = demoCatalogue.flatMap((category) => category.products.map((product) => ({ category, product })));
  const specs = products.flatMap(({ category, product }, p) =>
    Array.from({ length: product.images }, (_, n) => ({
      p,
      spec: { title: product.title, subtitle: category.name, hue: (category.hue + n * 35) % 360, seed: `${product.title}#${n}` },
    })),
  );
  const urls = await mapConcurrent(specs, deps.concurrency ?? 2, ({ spec }) => deps.makeImage(spec));
  const rows: Array<{ category: string; product: DemoProduct; images: string[] }> = products.map(({ category, product }, p) => ({
    category: category.name,
    product,
    images: urls.filter((_, i) => specs[i]?.p === p),
  }));

  const start = deps.clock.now().getTime();
  // Lists are newest first: the first demo category and product get the latest times.
  const categoryIds = new Map<string, string>();
  const inserted = await deps.transaction(async ({ categories, products }) => {
    // The pictures took seconds, with the server already answering: an admin's category or
    // product added meanwhile makes the catalogue the admin's, and the demo stays out.
    if ((await categories.count()) > 0 || (await products.count({})) > 0) return false;
    for (const [i, category] of demoCatalogue.entries()) {
      const id = deps.newId();
      categoryIds.set(category.name, id);
      await categories.insert({ id, name: category.name, nameBn: category.nameBn.normalize('NFC'), createdAt: new Date(start - i) });
    }
    for (const [i, { category, product, images }] of rows.entries()) {
      await products.insert({
        id: deps.newId(),
        categoryId: categoryIds.get(category) ?? '',
        title: product.title,
        description: product.description,
        // NFC, as the API stores Bengali (product-input.ts).
        titleBn: product.titleBn?.normalize('NFC') ?? null,
        descriptionBn: product.descriptionBn?.normalize('NFC') ?? null,
        price: product.price,
        sizes: product.sizes,
        colors: product.colors,
        sizesBn: bengaliLabelsOf(product.sizes),
        colorsBn: bengaliLabelsOf(product.colors),
        images,
        createdAt: new Date(start - i * 1000),
        variants: variantKeys(product.sizes, product.colors).map((k) => ({ ...k, stock: product.stock?.[`${k.size}/${k.color}`] ?? demoStock })),
      });
    }
    return true;
  });
  return inserted ? { categories: demoCatalogue.length, products: rows.length } : { categories: 0, products: 0 };
}
