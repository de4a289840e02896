import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Proves that every rule of .dependency-cruiser.cjs fails when broken: each case writes a tiny
// tree with one violation (inside the repo, so node_modules resolves) and cruises it with the
// real configuration. The last case cruises the real src/ and web/src/, which must be clean.
const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;
const repo = join(import.meta.dirname, '..', '..');
mkdirSync(join(repo, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(repo, '.tmp', 'arch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function violations(baseDir: string, roots: string[]) {
  const { forbidden, options } = config;
  const result = await cruise(roots, { ...options, baseDir, ruleSet: { forbidden }, validate: true });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

function tree(name: string, files: Record<string, string>) {
  const base = join(scratch, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), content);
  }
  return base;
}

const catalogue = {
  'src/modules/catalogue/index.ts': "export type { Category } from './domain/category.js';\n",
  'src/modules/catalogue/domain/category.ts': 'export type Category = { id: string };\n',
  'src/modules/catalogue/adapters/http.ts': 'export const routes = 1;\n',
};

const cases: Array<[rule: string, files: Record<string, string>]> = [
  [
    'module-through-index-only',
    { ...catalogue, 'src/modules/cart/add-line.ts': "import type { Category } from '../catalogue/domain/category.js';\nexport type X = Category;\n" },
  ],
  ['outside-through-index-only', { ...catalogue, 'src/main.ts': "import { routes } from './modules/catalogue/adapters/http.js';\nexport default routes;\n" }],
  ['domain-is-pure', { ...catalogue, 'src/modules/catalogue/domain/rule.ts': "import { Hono } from 'hono';\nexport const h = new Hono();\n" }],
  ['domain-is-pure', { ...catalogue, 'src/modules/catalogue/domain/rule.ts': "import { routes } from '../adapters/http.js';\nexport const r = routes;\n" }],
  ['domain-no-node-builtins', { ...catalogue, 'src/modules/catalogue/domain/rule.ts': "import { randomUUID } from 'node:crypto';\nexport const id = randomUUID();\n" }],
  [
    'web-feature-isolation',
    {
      'web/src/features/cart/cart-page.ts': "import { x } from '../catalogue/api/get-products.js';\nexport const y = x;\n",
      'web/src/features/catalogue/api/get-products.ts': 'export const x = 1;\n',
    },
  ],
  [
    'web-server-types-only',
    { ...catalogue, 'web/src/lib/uses-server.ts': "import { routes } from '../../../src/modules/catalogue/index.js';\nexport const r = routes;\n" },
  ],
  [
    'web-server-through-index-only',
    { ...catalogue, 'web/src/lib/uses-server.ts': "import type { Category } from '../../../src/modules/catalogue/domain/category.js';\nexport type C = Category;\n" },
  ],
  ['use-cases-know-no-http', { 'src/modules/cart/view-cart.ts': "import type { Context } from 'hono';\nexport type C = Context;\n" }],
  [
    'use-cases-know-no-http',
    { 'src/modules/cart/ports.ts': "import type { Page } from '../../platform/http/paging.js';\nexport type P = Page;\n", 'src/platform/http/paging.ts': 'export type Page = { limit: number };\n' },
  ],
  ['shared-is-pure', { 'src/shared/rule.ts': "import { x } from '../platform/thing.js';\nexport const y = x;\n", 'src/platform/thing.ts': 'export const x = 1;\n' }],
  ['shared-is-pure', { ...catalogue, 'src/shared/rule.ts': "import type { Category } from '../modules/catalogue/index.js';\nexport type C = Category;\n" }],
  ['shared-no-node-builtins', { 'src/shared/rule.ts': "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n" }],
  [
    'web-server-through-index-only',
    { 'src/platform/thing.ts': 'export const x = 1;\n', 'web/src/lib/uses-server.ts': "import type { X } from '../../../src/platform/thing.js';\nexport type Y = X;\n" },
  ],
  // The order's modules (decision 050).
  [
    'ordering-knows-no-reactors',
    {
      'src/modules/messages/index.ts': 'export const orderMessages = 1;\n',
      'src/modules/ordering/index.ts': "import { orderMessages } from '../messages/index.js';\nexport const handlers = [orderMessages];\n",
    },
  ],
  [
    'ordering-knows-no-reactors',
    {
      'src/modules/customers/index.ts': 'export const recordIn = 1;\n',
      'src/modules/ordering/index.ts': "import { recordIn } from '../customers/index.js';\nexport const r = recordIn;\n",
    },
  ],
  [
    'customers-use-ordering-only',
    {
      'src/modules/messages/index.ts': 'export const orderMessages = 1;\n',
      'src/modules/customers/index.ts': "import { orderMessages } from '../messages/index.js';\nexport const m = orderMessages;\n",
    },
  ],
  [
    'order-reactors-apart',
    {
      'src/modules/messages/index.ts': 'export const orderMessages = 1;\n',
      'src/modules/sales/index.ts': "import { orderMessages } from '../messages/index.js';\nexport const m = orderMessages;\n",
    },
  ],
  [
    'order-defences-use-messages-only',
    {
      'src/modules/sales/index.ts': 'export const salesProjection = 1;\n',
      'src/modules/order-defences/index.ts': "import { salesProjection } from '../sales/index.js';\nexport const s = salesProjection;\n",
    },
  ],
  [
    'audit-uses-ordering-only',
    {
      'src/modules/sales/index.ts': 'export const salesProjection = 1;\n',
      'src/modules/audit/index.ts': "import { salesProjection } from '../sales/index.js';\nexport const s = salesProjection;\n",
    },
  ],
  [
    'delivery-uses-ordering-only',
    {
      'src/modules/messages/index.ts': 'export const orderMessages = 1;\n',
      'src/modules/delivery/index.ts': "import { orderMessages } from '../messages/index.js';\nexport const m = orderMessages;\n",
    },
  ],
  [
    'order-import-uses-ordering-only',
    {
      'src/modules/messages/index.ts': 'export const orderMessages = 1;\n',
      'src/modules/order-import/index.ts': "import { orderMessages } from '../messages/index.js';\nexport const m = orderMessages;\n",
    },
  ],
  [
    'order-modules-take-catalogue-as-deps',
    { ...catalogue, 'src/modules/documents/index.ts': "import type { Category } from '../catalogue/index.js';\nexport type C = Category;\n" },
  ],
  [
    'no-circular',
    {
      'src/shared/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
      'src/shared/b.ts': "import { a } from './a.js';\nexport const b = () => a();\n",
    },
  ],
];

describe('dependency rules', () => {
  it.each(cases.map(([rule, files], i) => [rule, i, files] as const))('%s fails when broken (case %i)', async (rule, i, files) => {
    const base = tree(`case-${i}`, files);
    const roots = ['src', 'web'].filter((r) => Object.keys(files).some((f) => f.startsWith(`${r}/`)));
    const found = await violations(base, roots);
    expect(found.length, found.join('\n')).toBeGreaterThan(0);
    expect(found.every((v) => v.startsWith(`${rule}:`)), found.join('\n')).toBe(true);
  });

  it('passes a tree that keeps every rule', async () => {
    const base = tree('clean', {
      ...catalogue,
      'src/main.ts': "import type { Category } from './modules/catalogue/index.js';\nexport type C = Category;\n",
      'src/modules/cart/add-line.ts': "import type { Category } from '../catalogue/index.js';\nexport type X = Category;\n",
      'web/src/lib/uses-server.ts': "import type { Category } from '../../../src/modules/catalogue/index.js';\nexport type C = Category;\n",
      'src/shared/rule.ts': 'export const twice = (n: number) => n * 2;\n',
      'src/modules/ordering/index.ts': 'export const orderEventTypes = [];\n',
      'src/modules/messages/index.ts': "import { orderEventTypes } from '../ordering/index.js';\nexport const types = orderEventTypes;\n",
      'src/modules/order-defences/index.ts': "import { types } from '../messages/index.js';\nexport const t = types;\n",
      'web/src/lib/uses-shared.ts': "import { twice } from '../../../src/shared/rule.js';\nexport const four = twice(2);\n",
    });
    expect(await violations(base, ['src', 'web'])).toEqual([]);
  });

  it('the shop itself keeps every rule', async () => {
    expect(await violations(repo, ['src', 'web/src'])).toEqual([]);
  });
});
