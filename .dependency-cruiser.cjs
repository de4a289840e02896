/**
 * The dependency rules of STYLE.md. `npm run lint:deps` fails the build when one is broken;
 * tests/architecture/dependency-rules.test.ts proves that each rule does fail on a violation.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'module-through-index-only',
      comment: "A module uses another module only through that module's index.ts.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/.+', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-through-index-only',
      comment: "Code outside the modules (main.ts, app.ts, cli, platform) uses a module only through its index.ts.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/modules/' },
      to: { path: '^src/modules/[^/]+/.+', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    // The order's modules (decision 050): ordering knows none of the modules that react to its
    // events or read its orders (they reach it through the in-transaction handlers and the reads the
    // composition root wires), and those know each other only where the map says so.
    {
      name: 'ordering-knows-no-reactors',
      comment: 'ordering imports none of messages, sales, documents, order-defences, audit, order-import, delivery, payments, phone-records or customers: they are handed to it, or given its reads, by src/shop.ts (decisions 050, 060, 061, 064).',
      severity: 'error',
      from: { path: '^src/modules/ordering/' },
      to: { path: '^src/modules/(messages|sales|documents|order-defences|audit|order-import|delivery|payments|phone-records|customers)/' },
    },
    {
      name: 'customers-use-ordering-only',
      comment: "customers (the people the staff take orders for, by phone) reads a phone's orders through ordering's index and uses identity's guards; ordering and the order defences reach it only through functions src/shop.ts wires (decision 064).",
      severity: 'error',
      from: { path: '^src/modules/customers/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/(customers|ordering|identity)/' },
    },
    {
      name: 'audit-uses-ordering-only',
      comment: "audit reads ordering's log through ordering's index (and uses identity's guards); no other module (decision 050).",
      severity: 'error',
      from: { path: '^src/modules/audit/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/(audit|ordering|identity)/' },
    },
    {
      name: 'payments-and-records-use-ordering-only',
      comment: "payments (bKash, holds, refunds) changes an order only through ordering's command and reads it through ordering's index; phone-records reads ordering's listing; both use identity's guards, and no other module (decision 061).",
      severity: 'error',
      from: { path: '^src/modules/(payments|phone-records)/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/($1|ordering|identity)/' },
    },
    {
      name: 'delivery-uses-ordering-only',
      comment: "delivery (couriers, bookings, parcels) changes an order only through ordering's parcel command and reads it through ordering's index (and uses identity's guards); no other module (decision 060).",
      severity: 'error',
      from: { path: '^src/modules/delivery/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/(delivery|ordering|identity)/' },
    },
    {
      name: 'order-import-uses-ordering-only',
      comment: "order-import (the old shop's orders, the demo orders) writes through ordering's index; no other module (decision 050).",
      severity: 'error',
      from: { path: '^src/modules/order-import/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/(order-import|ordering)/' },
    },
    {
      name: 'order-reactors-apart',
      comment: 'messages, sales and documents use ordering (and identity), never one another, order-defences nor customers (decisions 050, 064).',
      severity: 'error',
      from: { path: '^src/modules/(messages|sales|documents)/' },
      to: { path: '^src/modules/(messages|sales|documents|order-defences|customers)/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'order-defences-use-messages-only',
      comment: "order-defences uses ordering and messages (a code's SMS passes the ceilings), never sales, documents or customers (a proven phone's claim is wired by src/shop.ts; decisions 050, 064).",
      severity: 'error',
      from: { path: '^src/modules/order-defences/' },
      to: { path: '^src/modules/(sales|documents|customers)/' },
    },
    {
      name: 'order-modules-take-catalogue-as-deps',
      comment: 'The order modules receive catalogue, cart and promotions as plain functions from src/shop.ts; they import none of them.',
      severity: 'error',
      from: { path: '^src/modules/(ordering|messages|sales|documents|order-defences|audit|order-import|customers)/' },
      to: { path: '^src/modules/(catalogue|cart|promotions)/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ is pure code: no adapters, platform, Hono, Drizzle or SQLite.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/domain/' },
      to: {
        path: [
          '^src/modules/[^/]+/adapters/',
          '^src/platform/',
          '^src/app\\.ts$',
          '^src/main\\.ts$',
          'node_modules/(hono|@hono/|drizzle-orm|better-sqlite3)',
        ],
      },
    },
    {
      name: 'domain-no-node-builtins',
      comment: 'domain/ imports no node:* (or any Node built-in): it must run anywhere, deterministically.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'use-cases-know-no-http',
      comment: "A module's use cases and ports know nothing of HTTP: only adapters/http.ts and the wiring in index.ts do.",
      severity: 'error',
      from: { path: '^src/modules/[^/]+/[^/]+\\.ts$', pathNot: '^src/modules/[^/]+/index\\.ts$' },
      to: { path: ['^src/platform/http/', 'node_modules/(hono|@hono/)'] },
    },
    {
      name: 'shared-is-pure',
      comment: 'src/shared/ holds the pure rules the server and the web app both run: no modules, platform, Hono, Drizzle or SQLite.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: {
        path: [
          '^src/modules/',
          '^src/platform/',
          '^src/(app|main|shop|env)\\.ts$',
          '^src/cli/',
          'node_modules/(hono|@hono/|drizzle-orm|better-sqlite3|firebase-admin|sharp|nodemailer)',
        ],
      },
    },
    {
      name: 'shared-no-node-builtins',
      comment: 'src/shared/ imports no node:* either: the browser runs the same files.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-feature-isolation',
      comment: 'A web feature does not import another feature; shared code lives in components/ or lib/.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-server-types-only',
      comment: 'The web app imports server code only as `import type` (the pure rules of src/shared/ excepted) ...',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^src/', pathNot: '^src/shared/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-server-through-index-only',
      comment:
        "... and only from a module's index.ts, src/shared/, or src/api-routes.ts: the route contracts' types for the web's client (decision 052), which only web/src/lib/api/contracts.ts imports.",
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^src/', pathNot: ['^src/modules/[^/]+/index\\.ts$', '^src/shared/', '^src/api-routes\\.ts$'] },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(web/)?dist/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
