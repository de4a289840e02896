/**
 * The import of an old shop's mongoexport files (issue 19, decision 041), over an open database:
 * categories, products, sliders, coupons, users, carts, then orders, each through its module's
 * import (the modules' ports; no SQL here), a batch per transaction. Every change made to a record
 * and every record left out is reported with why; then a summary per collection.
 *
 * In-file duplicates are recognised here (a category name, a coupon code, an email, an id met
 * before in the same files), so a dry run, which writes nothing, reports them as a real run would.
 * Those look-ups are capped (`maxRemembered` keys per collection); beyond it the database alone
 * recognises duplicates (a real run), and the report says so.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openCartImport } from '../modules/cart/index.js';
import { openCatalogueImport, type CategoryToImport, type ProductToImport } from '../modules/catalogue/index.js';
import { normalizeEmail, openUserImport } from '../modules/identity/index.js';
import { openOrderImport, type OrderToImport } from '../modules/ordering/index.js';
import { openPromotionsImport, type CouponToImport, type SliderToImport } from '../modules/promotions/index.js';
import type { ShopDatabase } from '../platform/database.js';
import type { Clock } from '../shared/clock.js';
import type { IdGenerator } from '../shared/ids.js';
import {
  originalCartLine,
  originalCategory,
  originalCoupon,
  originalOrder,
  originalProduct,
  originalSlider,
  originalUser,
  type Mapped,
  type OriginalCartLine,
  type OriginalOrderDoc,
} from './original-documents.js';
import { checkExport, readExport, UnreadableExport } from './original-export.js';

export const collections = ['categoriesColl', 'productsColl', 'slidersColl', 'couponsColl', 'usersColl', 'cartsColl', 'ordersColl'] as const;
export type Collection = (typeof collections)[number];

export type CollectionSummary = { read: number; added: number; existing: number; merged: number; rejected: number; changed: number };
export type ImportReport = { dryRun: boolean; summary: Record<Collection, CollectionSummary | null>; unreadable: string[] };

export type ImportOptions = {
  folder: string;
  dryRun: boolean;
  database: ShopDatabase;
  newId: IdGenerator;
  clock: Clock;
  /** DEFAULT_STOCK: each imported size x color gets it (the old shop kept no stock). */
  defaultStock: number;
  /** AUTH_PROVIDER: the provider the imported profiles sign in with. */
  provider: 'local' | 'firebase';
  auditKey?: string | undefined;
  /** One line of the report. */
  say: (line: string) => void;
  batchSize?: number;
  maxArrayBytes?: number;
  maxRemembered?: number;
};

/** A Map that stops taking keys at its cap (the report says when it did). */
function cappedMap<V>(cap: number, onFull: () => void) {
  const map = new Map<string, V>();
  let full = false;
  return {
    get: (key: string) => map.get(key),
    has: (key: string) => map.has(key),
    delete: (key: string) => map.delete(key),
    set(key: string, value: V) {
      if (map.size >= cap && !map.has(key)) {
        if (!full) onFull();
        full = true;
        return;
      }
      map.set(key, value);
    },
  };
}

export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const { folder, dryRun, database, newId, clock, say } = options;
  const batchSize = options.batchSize ?? 200;
  const cap = options.maxRemembered ?? 500_000;
  const now = clock.now();
  const summary = Object.fromEntries(collections.map((c) => [c, null])) as Record<Collection, CollectionSummary | null>;
  const report: ImportReport = { dryRun, summary, unreadable: [] };

  // Every file is checked before anything is written: an unreadable one stops the import.
  const files = new Map<Collection, string>();
  for (const name of collections) {
    const file = join(folder, `${name}.json`);
    if (!existsSync(file)) continue;
    try {
      await checkExport(file, options.maxArrayBytes);
      files.set(name, file);
    } catch (e) {
      report.unreadable.push(e instanceof UnreadableExport ? e.message : `${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (report.unreadable.length) return report;
  if (files.size === 0) say(`no export files in ${folder} (expected ${collections.map((c) => `${c}.json`).join(', ')})`);

  const catalogue = openCatalogueImport(database, { newId, clock, defaultStock: options.defaultStock, dryRun });
  const promotions = openPromotionsImport(database, { dryRun });
  const users = openUserImport(database, { provider: options.provider, newId, dryRun });
  const carts = openCartImport(database, { dryRun });
  const orders = files.has('ordersColl') ? await openOrderImport(database, { auditKey: options.auditKey, dryRun }) : null;

  const remembered = <V>(what: string) => cappedMap<V>(cap, () => say(`note: more than ${cap} ${what}: duplicates beyond them are found by the database only${dryRun ? ' (not in this dry run)' : ''}`));
  const categoryNames = remembered<string>('category names'); // name key -> name kept
  const products = remembered<{ sizes: string[]; colors: string[] }>('products');
  const couponCodes = remembered<string>('coupon codes'); // code -> id kept
  const emails = remembered<{ userId: string; role: string }>('emails');
  const cartKeys = remembered<true>('cart lines');
  const orderIds = remembered<true>('order ids');
  const seenIds = { sliders: remembered<true>('slider ids') };
  const nameKey = (name: string) => name.trim().toLocaleLowerCase('en-US');

  /**
   * Reads one file: maps each document, reports its changes, leaves out what the collection's
   * `accept` refuses (in-file duplicates), and writes batches through `write`, which answers each
   * record's outcome and its own report lines.
   */
  async function importFile<T, R>(
    name: Collection,
    map: (doc: Record<string, unknown>, newId: IdGenerator, now: Date) => Mapped<T>,
    accept: (value: T, where: string, tell: (line: string) => void) => Promise<R | null>,
    write: (batch: Array<{ where: string; item: R }>, tell: (where: string, line: string) => void, count: (kind: 'added' | 'existing' | 'merged' | 'rejected') => void) => Promise<void>,
  ) {
    const file = files.get(name);
    if (!file) return;
    const s: CollectionSummary = { read: 0, added: 0, existing: 0, merged: 0, rejected: 0, changed: 0 };
    summary[name] = s;
    const tell = (where: string, line: string) => say(`${name} ${where}: ${line}`);
    const count = (kind: 'added' | 'existing' | 'merged' | 'rejected') => void (s[kind] += 1);
    let batch: Array<{ where: string; item: R }> = [];
    for await (const entry of readExport(file, options.maxArrayBytes)) {
      s.read += 1;
      if ('problem' in entry) {
        tell(entry.where, `rejected: ${entry.problem}`);
        s.rejected += 1;
        continue;
      }
      const mapped = map(entry.doc, newId, now);
      const idText = typeof entry.doc._id === 'string' ? ` ${entry.doc._id}` : '';
      const where = `${entry.where}${idText}`;
      if ('rejected' in mapped) {
        tell(where, `rejected: ${mapped.rejected}`);
        s.rejected += 1;
        continue;
      }
      if (mapped.changes.length) s.changed += 1;
      for (const change of mapped.changes) tell(where, change);
      const item = await accept(mapped.value, where, (line) => tell(where, line));
      if (item === null) continue;
      batch.push({ where, item });
      if (batch.length >= batchSize) {
        await write(batch, tell, count);
        batch = [];
      }
    }
    if (batch.length) await write(batch, tell, count);
  }

  // Categories: one per name, ignoring case and spaces.
  await importFile<CategoryToImport, CategoryToImport>(
    'categoriesColl',
    originalCategory,
    async (c, _where, tell) => {
      const kept = categoryNames.get(nameKey(c.name));
      if (kept !== undefined) {
        tell(`duplicate category ${JSON.stringify(c.name)} merged into ${JSON.stringify(kept)}`);
        summary.categoriesColl!.merged += 1;
        return null;
      }
      categoryNames.set(nameKey(c.name), c.name);
      return c;
    },
    async (batch, tell, count) => {
      const outcomes = await catalogue.importCategories(batch.map((b) => b.item));
      outcomes.forEach((o, i) => {
        const { where, item } = batch[i]!;
        if (o.outcome === 'merged') {
          tell(where, `category ${JSON.stringify(item.name)} merged into the shop's ${JSON.stringify(o.into)}`);
          categoryNames.set(nameKey(item.name), o.into);
        }
        count(o.outcome === 'exists' ? 'existing' : o.outcome);
      });
    },
  );

  // Products, under their old ids; categories they name but nobody made are made.
  const createdCategories = new Set<string>();
  await importFile<ProductToImport, ProductToImport>(
    'productsColl',
    originalProduct,
    async (p, _where, tell) => {
      if (products.has(p.id)) {
        tell('rejected: a second product with this _id');
        summary.productsColl!.rejected += 1;
        return null;
      }
      products.set(p.id, { sizes: p.sizes, colors: p.colors });
      return p;
    },
    async (batch, tell, count) => {
      const outcomes = await catalogue.importProducts(batch.map((b) => b.item));
      outcomes.forEach((o, i) => {
        const { where } = batch[i]!;
        const key = o.categoryCreated === null ? null : nameKey(o.categoryCreated);
        if (key !== null && !categoryNames.has(key) && !createdCategories.has(key)) {
          createdCategories.add(key);
          tell(where, `category ${JSON.stringify(o.categoryCreated)} is named but missing: created`);
        }
        count(o.outcome === 'exists' ? 'existing' : 'added');
      });
    },
  );

  await importFile<SliderToImport, SliderToImport>(
    'slidersColl',
    originalSlider,
    async (slide, _where, tell) => {
      if (seenIds.sliders.has(slide.id)) {
        tell('rejected: a second slide with this _id');
        summary.slidersColl!.rejected += 1;
        return null;
      }
      seenIds.sliders.set(slide.id, true);
      return slide;
    },
    async (batch, _tell, count) => {
      for (const o of await promotions.importSliders(batch.map((b) => b.item))) count(o.outcome === 'exists' ? 'existing' : 'added');
    },
  );

  // Coupons: one per code.
  await importFile<CouponToImport, CouponToImport>(
    'couponsColl',
    originalCoupon,
    async (c, _where, tell) => {
      const kept = couponCodes.get(c.code);
      if (kept !== undefined) {
        tell(`duplicate code ${c.code} merged into ${kept} (its discount stays)`);
        summary.couponsColl!.merged += 1;
        return null;
      }
      couponCodes.set(c.code, c.id);
      return c;
    },
    async (batch, tell, count) => {
      const outcomes = await promotions.importCoupons(batch.map((b) => b.item));
      outcomes.forEach((o, i) => {
        if (o.outcome === 'merged') tell(batch[i]!.where, `code ${batch[i]!.item.code} exists in the shop (${o.into}): its discount stays`);
        count(o.outcome === 'exists' ? 'existing' : o.outcome);
      });
    },
  );

  // Users: one per email (letter case ignored); an old admin stays admin.
  type UserItem = Parameters<typeof users.importUser>[0];
  await importFile<UserItem, { user: UserItem; duplicate: boolean }>(
    'usersColl',
    originalUser,
    async (u, _where, tell) => {
      const key = normalizeEmail(u.email);
      const kept = emails.get(key);
      if (!kept) {
        emails.set(key, { userId: u.id, role: u.role }); // the id the profile gets is settled when it is written
        return { user: u, duplicate: false };
      }
      summary.usersColl!.merged += 1;
      if (u.role === 'admin' && kept.role !== 'admin') {
        tell(`duplicate email ${key} merged into ${kept.userId}, which becomes admin`);
        kept.role = 'admin';
        return { user: u, duplicate: true }; // the store makes the kept profile admin
      }
      tell(`duplicate email ${key} merged into ${kept.userId}`);
      return null;
    },
    async (batch, tell, count) => {
      for (const { where, item } of batch) {
        const o = await users.importUser(item.user);
        if (item.duplicate) continue; // counted as merged when it was met
        if (o.outcome === 'rejected') {
          tell(where, `rejected: ${o.reason}`);
          count('rejected');
          emails.delete(normalizeEmail(item.user.email));
          continue;
        }
        emails.set(o.email, { userId: o.userId, role: o.outcome === 'made-admin' ? 'admin' : item.user.role });
        if (o.outcome === 'merged') tell(where, `email ${o.email} has a profile in the shop already (${o.userId}): merged into it`);
        if (o.outcome === 'made-admin') tell(where, `email ${o.email} has a profile in the shop already (${o.userId}): made admin`);
        count(o.outcome === 'added' ? 'added' : o.outcome === 'exists' ? 'existing' : 'merged');
      }
    },
  );

  /**
   * The profile a cart line or an order names by email: one imported (or in the shop), else one is
   * made for it, so no customer's orders are lost. Null when the email is not one.
   */
  async function ownerOf(email: string, name: string, tell: (line: string) => void): Promise<{ userId: string; email: string } | null> {
    const key = normalizeEmail(email);
    const known = emails.get(key);
    if (known) return { userId: known.userId, email: key };
    const inShop = await users.userIdByEmail(key);
    if (inShop) {
      emails.set(key, { userId: inShop, role: 'customer' });
      return { userId: inShop, email: key };
    }
    const made = await users.importUser({ id: newId(), name, email, role: 'customer', createdAt: now });
    if (made.outcome === 'rejected') {
      tell(`rejected: ${made.reason}`);
      return null;
    }
    tell(`no profile for ${key} in usersColl: one is made`);
    emails.set(key, { userId: made.userId, role: 'customer' });
    return { userId: made.userId, email: key };
  }

  // Carts: lines of products that exist, a product, size and color once per customer.
  type CartItem = Parameters<typeof carts.importCartLines>[0][number];
  await importFile<OriginalCartLine, CartItem>(
    'cartsColl',
    originalCartLine,
    async (line, _where, tell) => {
      const reject = (why: string) => {
        tell(`rejected: ${why}`);
        summary.cartsColl!.rejected += 1;
        return null;
      };
      const choices = products.get(line.productId) ?? (await catalogue.productChoices(line.productId));
      if (!choices) return reject(`product ${line.productId} does not exist (any more)`);
      const owner = await ownerOf(line.email, line.email.split('@')[0] ?? '', tell);
      if (!owner) return reject('no owner');
      let { size, color } = line;
      if (size && !choices.sizes.includes(size)) {
        tell(`size ${JSON.stringify(size)} is not offered any more -> (none)`);
        size = '';
      }
      if (color && !choices.colors.includes(color)) {
        tell(`color ${JSON.stringify(color)} is not offered any more -> (none)`);
        color = '';
      }
      const key = `${owner.userId}|${line.productId}|${size}|${color}`;
      if (cartKeys.has(key)) {
        tell('the same product, size and color is in this cart already: left out');
        summary.cartsColl!.merged += 1;
        return null;
      }
      cartKeys.set(key, true);
      const { email: _email, ...rest } = line;
      return { ...rest, size, color, userId: owner.userId };
    },
    async (batch, tell, count) => {
      const outcomes = await carts.importCartLines(batch.map((b) => b.item));
      outcomes.forEach((o, i) => {
        if (o.outcome === 'merged') tell(batch[i]!.where, 'the same product, size and color is in this cart already: left out');
        count(o.outcome === 'exists' ? 'existing' : o.outcome);
      });
    },
  );

  // Orders: through the order log, as Imported events, under their old ids.
  await importFile<OriginalOrderDoc, OrderToImport>(
    'ordersColl',
    originalOrder,
    async (o, _where, tell) => {
      if (orderIds.has(o.id)) {
        tell('rejected: a second order with this _id');
        summary.ordersColl!.rejected += 1;
        return null;
      }
      const owner = await ownerOf(o.email, o.order.name, tell);
      if (!owner) {
        summary.ordersColl!.rejected += 1;
        return null;
      }
      orderIds.set(o.id, true);
      return { id: o.id, placedAt: o.placedAt, order: { ...o.order, owner } };
    },
    async (batch, tell, count) => {
      if (!orders) return;
      const outcomes = await orders.importOrders(batch.map((b) => b.item));
      outcomes.forEach((o, i) => {
        if (o.note && o.outcome === 'added') tell(batch[i]!.where, o.note);
        count(o.outcome === 'exists' ? 'existing' : 'added');
      });
    },
  );

  for (const name of collections) {
    const s = summary[name];
    say(
      s
        ? `${name}: ${s.read} read, ${s.added} ${dryRun ? 'to add' : 'added'}, ${s.existing} already there, ${s.merged} merged, ${s.rejected} rejected; ${s.changed} changed on the way`
        : `${name}: no file (nothing of that kind)`,
    );
  }
  return report;
}
