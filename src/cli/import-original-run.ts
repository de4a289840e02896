/**
 * The import of an old shop's mongoexport files (issue 19, decision 041), over an open database:
 * categories, products, sliders, coupons, users, carts, then orders, each through its module's
 * import (the modules' ports; no SQL here). Every change made to a record and every record left
 * out is reported with why; then a summary per collection.
 *
 * The files are a stranger's data (issue 40). Two passes: the first reads every file and checks
 * every document, writing nothing; a document the live shop would never accept (a date no clock
 * can hold, an order over MAX_ORDER_LINES, MAX_LINE_QUANTITY or MAX_ORDER_TOTAL, a document over
 * the size or depth bounds, a file over its size or document count) refuses the whole import. The
 * second pass writes everything in ONE transaction, so a refusal found late, or a fault, leaves the
 * shop as it was. A dry run makes the same two passes and writes nothing. No role is read from the
 * files: `admins` (--admins) names the accounts made admin, and every account created or promoted
 * is reported.
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
import { emailSkeleton, mixesScripts, normalizeEmail, openUserImport } from '../modules/identity/index.js';
import { startOrderLog } from '../modules/audit/index.js';
import { openOrderImport, type OrderToImport } from '../modules/order-import/index.js';
import { openPromotionsImport, type CouponToImport, type SliderToImport } from '../modules/promotions/index.js';
import type { ShopDatabase, Tx } from '../platform/database.js';
import { inOrderTransaction } from '../shop.js';
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
  defaultOriginalLimits,
  type Mapped,
  type OriginalCartLine,
  type OriginalLimits,
  type OriginalOrderDoc,
} from './original-documents.js';
import { checkExport, defaultExportLimits, readExport, UnreadableExport, type ExportLimits } from './original-export.js';

const collections = ['categoriesColl', 'productsColl', 'slidersColl', 'couponsColl', 'usersColl', 'cartsColl', 'ordersColl'] as const;
export type Collection = (typeof collections)[number];

export type CollectionSummary = { read: number; added: number; existing: number; merged: number; rejected: number; changed: number };
/** The accounts the import made or changed (issue 40): each is also a line of the report. */
export type AccountsReport = { created: string[]; promoted: string[]; lookAlikes: string[] };
/** `refused`: why the import was refused (nothing was written); empty when it ran. */
export type ImportReport = { dryRun: boolean; summary: Record<Collection, CollectionSummary | null>; refused: string[]; accounts: AccountsReport };

/** The live API's bounds the import meets (issue 40): MAX_ORDER_LINES, MAX_LINE_QUANTITY, MAX_ORDER_TOTAL, MAX_CART_LINES. */
export type ImportLimits = OriginalLimits & { maxCartLines: number };
const defaultImportLimits: ImportLimits = { ...defaultOriginalLimits, maxCartLines: 50 };
/** Documents one file may hold: the largest shop this import is for holds tens of thousands of each. */
const defaultMaxDocuments = 1_000_000;
/** Refusals printed; beyond them the report counts them. */
const maxRefusalLines = 100;

/** Thrown inside the import's transaction to undo it: the import is refused. */
class Refused extends Error {}
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
  /** --admins: the emails of the accounts made admin (in the files or the shop's); the files name no role. */
  admins?: readonly string[] | undefined;
  limits?: ImportLimits | undefined;
  exportLimits?: Partial<ExportLimits> | undefined;
  maxDocuments?: number | undefined;
  batchSize?: number;
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
  const limits = options.limits ?? defaultImportLimits;
  const exportLimits: ExportLimits = { ...defaultExportLimits, ...options.exportLimits };
  const maxDocuments = options.maxDocuments ?? defaultMaxDocuments;
  const now = clock.now();
  const summary = Object.fromEntries(collections.map((c) => [c, null])) as Record<Collection, CollectionSummary | null>;
  const accounts: AccountsReport = { created: [], promoted: [], lookAlikes: [] };
  const report: ImportReport = { dryRun, summary, refused: [], accounts };
  let refusals = 0;
  const refuse = (line: string) => {
    refusals += 1;
    if (report.refused.length < maxRefusalLines) report.refused.push(line);
    else if (report.refused.length === maxRefusalLines) report.refused.push('... and more refusals (the first are above)');
  };
  const finishRefused = () => {
    if (refusals > maxRefusalLines) report.refused[maxRefusalLines] = `... and ${refusals - maxRefusalLines} more refusals`;
    return report;
  };

  const mappers = {
    categoriesColl: originalCategory,
    productsColl: originalProduct,
    slidersColl: originalSlider,
    couponsColl: originalCoupon,
    usersColl: originalUser,
    cartsColl: (doc: Record<string, unknown>, id: IdGenerator, at: Date) => originalCartLine(doc, id, at, limits),
    ordersColl: (doc: Record<string, unknown>, id: IdGenerator, at: Date) => originalOrder(doc, id, at, limits),
  } satisfies Record<Collection, (doc: Record<string, unknown>, newId: IdGenerator, now: Date) => Mapped<unknown>>;

  // --admins: addresses, normalised as the sign-up normalises them.
  const admins = new Map<string, boolean>(); // normalised email -> met in the files
  for (const raw of options.admins ?? []) {
    const email = normalizeEmail(raw);
    if (!email) continue;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(email) || mixesScripts(email)) refuse(`--admins ${JSON.stringify(raw)}: not an email address the shop accepts`);
    admins.set(email, false);
  }

  // Every file is checked before anything is written: an unreadable or oversized one stops the import.
  const files = new Map<Collection, string>();
  for (const name of collections) {
    const file = join(folder, `${name}.json`);
    if (!existsSync(file)) continue;
    try {
      await checkExport(file, exportLimits);
      files.set(name, file);
    } catch (e) {
      refuse(e instanceof UnreadableExport ? e.message : `${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (refusals) return finishRefused();
  if (files.size === 0) say(`no export files in ${folder} (expected ${collections.map((c) => `${c}.json`).join(', ')})`);

  // The first pass: every document read and checked, nothing written, nothing kept but counts.
  for (const [name, file] of files) {
    let read = 0;
    try {
      for await (const entry of readExport(file, exportLimits)) {
        read += 1;
        if (read > maxDocuments) {
          refuse(`${name}: more than ${maxDocuments} documents in ${file}: split it (mongoexport --skip/--limit) and import the parts one after another`);
          break;
        }
        if ('problem' in entry) {
          if (entry.hostile) refuse(`${name} ${entry.where}: refused: ${entry.problem}`);
          continue;
        }
        const mapped = mappers[name](entry.doc, newId, now);
        if ('refused' in mapped) {
          refuse(`${name} ${entry.where}${typeof entry.doc._id === 'string' ? ` ${entry.doc._id}` : ''}: refused: ${mapped.refused}`);
          continue;
        }
        if ('value' in mapped && admins.size && (name === 'usersColl' || name === 'cartsColl' || name === 'ordersColl')) {
          const email = normalizeEmail((mapped.value as { email: string }).email);
          if (admins.has(email)) admins.set(email, true);
        }
      }
    } catch (e) {
      refuse(e instanceof UnreadableExport ? e.message : `${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  // An admin the operator names is in the files or in the shop: a typo is not left to chance.
  const users0 = openUserImport(database, { provider: options.provider, newId, dryRun: true });
  for (const [email, inFiles] of admins) {
    if (!inFiles && !(await users0.userIdByEmail(email))) refuse(`--admins ${email}: no account has this email, in the files or in the shop`);
  }
  if (refusals) return finishRefused();

  // The order log is checked (and keyed) as a server's start does it, before the transaction.
  const orders = files.has('ordersColl') ? openOrderImport(database, { logStart: dryRun ? null : await startOrderLog(database, options.auditKey), dryRun, inTransaction: inOrderTransaction(database, null) }) : null;
  try {
    // The second pass. A real run: one transaction, which also waits on reading the files (this
    // command is the database's only writer meanwhile). A dry run: only reads, a batch at a time.
    if (dryRun) await importAll(undefined);
    else await database.transaction((tx) => importAll(tx));
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    refuse(e.message);
    return finishRefused();
  }
  return report;

  async function importAll(tx: Tx | undefined) {
    const catalogue = openCatalogueImport(database, { newId, clock, defaultStock: options.defaultStock, dryRun, tx });
    const promotions = openPromotionsImport(database, { dryRun, tx });
    const users = openUserImport(database, { provider: options.provider, newId, dryRun, tx });
    const carts = openCartImport(database, { dryRun, tx, limits: { maxLines: limits.maxCartLines, maxLineQuantity: limits.maxLineQuantity } });

    const remembered = <V>(what: string) => cappedMap<V>(cap, () => say(`note: more than ${cap} ${what}: duplicates beyond them are found by the database only${dryRun ? ' (not in this dry run)' : ''}`));
    const categoryNames = remembered<string>('category names'); // name key -> name kept
    const products = remembered<{ sizes: string[]; colors: string[] }>('products');
    const couponCodes = remembered<string>('coupon codes'); // code -> id kept
    const emails = remembered<{ userId: string }>('emails');
    const skeletons = remembered<string>('email skeletons'); // look-alike key -> the email of this run's account
    const cartKeys = remembered<true>('cart lines');
    const cartLines = remembered<number>('carts'); // owner -> lines this run adds (a dry run counts them here)
    const orderIds = remembered<true>('order ids');
    const seenIds = { sliders: remembered<true>('slider ids') };
    const nameKey = (name: string) => name.trim().toLocaleLowerCase('en-US');
    const to = dryRun ? 'to be ' : '';

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
      for await (const entry of readExport(file, exportLimits)) {
        s.read += 1;
        if ('problem' in entry) {
          // The first pass refused the hostile ones; a file changed since is refused now.
          if (entry.hostile) throw new Refused(`${name} ${entry.where}: refused: ${entry.problem}`);
          tell(entry.where, `rejected: ${entry.problem}`);
          s.rejected += 1;
          continue;
        }
        const mapped = map(entry.doc, newId, now);
        const idText = typeof entry.doc._id === 'string' ? ` ${entry.doc._id}` : '';
        const where = `${entry.where}${idText}`;
        if ('refused' in mapped) throw new Refused(`${name} ${where}: refused: ${mapped.refused}`);
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
      mappers.categoriesColl,
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
      mappers.productsColl,
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
      mappers.slidersColl,
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
      mappers.couponsColl,
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

    /**
     * A profile of the files, or one made for a cart or an order: a customer's, never an admin's.
     * A look-alike of an email met earlier in this run is refused here (the database sees only
     * what a real run wrote); the module refuses the shop's own look-alikes and mixed scripts.
     */
    async function account(user: { id: string; name: string; email: string; createdAt: Date }, tell: (line: string) => void, why: string) {
      const key = normalizeEmail(user.email);
      const skeleton = emailSkeleton(key);
      const lookAlike = skeletons.get(skeleton);
      if (lookAlike !== undefined && lookAlike !== key) {
        accounts.lookAlikes.push(key);
        return { outcome: 'rejected' as const, reason: `email ${JSON.stringify(key)} looks like ${lookAlike}, an account of these files, without being it: the shop's sign-up refuses it`, lookAlike: true as const };
      }
      const o = await users.importUser(user);
      if (o.outcome === 'rejected') {
        if (o.lookAlike) accounts.lookAlikes.push(key);
        return o;
      }
      emails.set(o.email, { userId: o.userId });
      skeletons.set(skeleton, o.email);
      if (o.outcome === 'added') {
        accounts.created.push(o.email);
        tell(`account ${o.email} (${o.userId}) ${to}created, a customer${why}`);
      }
      return o;
    }

    // Users: one per email (letter case ignored), each a customer.
    type UserItem = Parameters<typeof users.importUser>[0];
    await importFile<UserItem, UserItem>(
      'usersColl',
      mappers.usersColl,
      async (u, _where, tell) => {
        const key = normalizeEmail(u.email);
        const kept = emails.get(key);
        if (!kept) {
          emails.set(key, { userId: u.id }); // the id the profile gets is settled when it is written
          return u;
        }
        summary.usersColl!.merged += 1;
        tell(`duplicate email ${key} merged into ${kept.userId}`);
        return null;
      },
      async (batch, tell, count) => {
        for (const { where, item } of batch) {
          const o = await account(item, (line) => tell(where, line), '');
          if (o.outcome === 'rejected') {
            tell(where, `rejected: ${o.reason}`);
            count('rejected');
            emails.delete(normalizeEmail(item.email));
            continue;
          }
          if (o.outcome === 'merged') tell(where, `email ${o.email} has a profile in the shop already (${o.userId}): merged into it, its role (${o.role}) unchanged`);
          count(o.outcome === 'added' ? 'added' : o.outcome === 'exists' ? 'existing' : 'merged');
        }
      },
    );

    /**
     * The profile a cart line or an order names by email: one imported (or in the shop), else one is
     * made for it, so no customer's orders are lost. Null when the email is not one the shop accepts.
     */
    async function ownerOf(email: string, name: string, tell: (line: string) => void): Promise<{ userId: string; email: string } | null> {
      const key = normalizeEmail(email);
      const known = emails.get(key);
      if (known) return { userId: known.userId, email: key };
      const inShop = await users.userIdByEmail(key);
      if (inShop) {
        emails.set(key, { userId: inShop });
        return { userId: inShop, email: key };
      }
      const made = await account({ id: newId(), name, email, createdAt: now }, tell, `: no profile for ${key} in usersColl`);
      if (made.outcome === 'rejected') {
        tell(`rejected: ${made.reason}`);
        return null;
      }
      return { userId: made.userId, email: key };
    }

    // Carts: lines of products that exist, a product, size and color once per customer, at most MAX_CART_LINES.
    type CartItem = Parameters<typeof carts.importCartLines>[0][number];
    await importFile<OriginalCartLine, CartItem>(
      'cartsColl',
      mappers.cartsColl,
      async (line, _where, tell) => {
        const reject = (why: string) => {
          tell(`rejected: ${why}`);
          summary.cartsColl!.rejected += 1;
          return null;
        };
        const choices = products.get(line.productId) ?? (await catalogue.productChoices(line.productId));
        if (!choices) return reject(`product ${line.productId} does not exist (any more)`);
        const owner = await ownerOf(line.email, line.email.split('@')[0] ?? '', tell);
        if (!owner) {
          summary.cartsColl!.rejected += 1;
          return null;
        }
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
        // A dry run writes no line, so the cart module cannot count them: counted here too.
        const lines = (cartLines.get(owner.userId) ?? 0) + 1;
        if (lines > limits.maxCartLines) return reject(`the cart holds MAX_CART_LINES (${limits.maxCartLines}) lines already`);
        cartLines.set(owner.userId, lines);
        cartKeys.set(key, true);
        const { email: _email, ...rest } = line;
        return { ...rest, size, color, userId: owner.userId };
      },
      async (batch, tell, count) => {
        const outcomes = await carts.importCartLines(batch.map((b) => b.item));
        outcomes.forEach((o, i) => {
          const { where } = batch[i]!;
          if (o.outcome === 'merged') tell(where, 'the same product, size and color is in this cart already: left out');
          if (o.outcome === 'rejected') tell(where, `rejected: ${o.reason}`);
          count(o.outcome === 'exists' ? 'existing' : o.outcome);
        });
      },
    );

    // Orders: through the order log, as Imported events, under their old ids.
    await importFile<OriginalOrderDoc, OrderToImport>(
      'ordersColl',
      mappers.ordersColl,
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
        const outcomes = await orders.importOrders(
          batch.map((b) => b.item),
          tx,
        );
        outcomes.forEach((o, i) => {
          if (o.note && o.outcome === 'added') tell(batch[i]!.where, o.note);
          count(o.outcome === 'exists' ? 'existing' : 'added');
        });
      },
    );

    // --admins, last: the accounts the files and the shop hold now. Roles come from nowhere else.
    for (const email of admins.keys()) {
      const o = await users.promoteAdmin(email);
      if (o.outcome === 'promoted') {
        accounts.promoted.push(email);
        say(`--admins: account ${email} (${o.userId}, since ${o.createdAt.toISOString().slice(0, 10)}) ${to}made admin`);
      } else if (o.outcome === 'already-admin') say(`--admins: account ${email} (${o.userId}) is an admin already`);
      else if (dryRun && emails.has(email)) {
        accounts.promoted.push(email);
        say(`--admins: account ${email} (${emails.get(email)!.userId}, created above) to be made admin`);
      } else throw new Refused(`--admins ${email}: no account has this email after the import (its documents were left out above)`);
    }

    for (const name of collections) {
      const s = summary[name];
      say(
        s
          ? `${name}: ${s.read} read, ${s.added} ${dryRun ? 'to add' : 'added'}, ${s.existing} already there, ${s.merged} merged, ${s.rejected} rejected; ${s.changed} changed on the way`
          : `${name}: no file (nothing of that kind)`,
      );
    }
    say(
      `accounts: ${accounts.created.length} ${to}created (customers), ${accounts.promoted.length} ${to}made admin by --admins, ${accounts.lookAlikes.length} look-alike emails left out; no role is taken from the files`,
    );
  }
}
