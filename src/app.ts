import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { requestId, type RequestIdVariables } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { z } from 'zod';
import { appError, errorBody, statusOf, type AppError } from './shared/errors.js';
import { idPattern } from './shared/ids.js';
import type { Logger } from './platform/logger.js';
import type { Readiness } from './platform/readiness.js';
import { apiDocsRoutes } from './platform/http/api-docs.js';
import { allowedOrigin, corsForApi } from './platform/http/cors.js';
import { absoluteImageAddresses } from './platform/http/image-addresses.js';
import { ContractRouter, shadowedRoutes, type RouteContract } from './platform/http/contract.js';
import { rejectMalformedJson } from './platform/http/json-body.js';
import { refuseNul } from './platform/http/refuse-nul.js';
import { openApiDocument, type MountedContract } from './platform/http/openapi.js';
import { requestLog } from './platform/http/request-log.js';
import { uploadedImages, webAppRoutes } from './platform/http/web-app.js';
import { crawlerFileContracts, pageContracts } from './platform/http/page-contracts.js';
import { sitemapRoutes, type SitemapSource } from './platform/http/sitemap.js';
import type { PageAddressing, PageCatalogue } from './platform/http/web-pages.js';
import { productListQuery } from './modules/catalogue/index.js';
import type { AuthPublicConfig } from './modules/identity/index.js';

/** What the web app may know about the shop at run time (no secrets). */
export type SiteConfig = {
  shopName: string;
  contact: { phone: string; email: string };
  social: { facebook: string; instagram: string; youtube: string };
  auth: AuthPublicConfig;
  /** CHECKOUT_OTP: the checkout asks for a code sent to the phone number by SMS (decision 032). */
  checkoutOtp: boolean;
  /** GUEST_CHECKOUT: a visitor may order (Order Now) without an account (issue 36, decision 066). */
  guestCheckout: boolean;
  /** MAX_LINE_QUANTITY: the most of one item a cart line or an order holds (issue 40). */
  maxLineQuantity: number;
  /** MAX_CART_LINES: the most different items one cart holds (issue 40). */
  maxCartLines: number;
};

/** Extra origins the page may use (the Firebase SDK in firebase mode). */
export type CspSources = { connectSrc?: string[]; frameSrc?: string[]; scriptSrc?: string[] };

export type AppDeps = {
  logger: Logger;
  site: SiteConfig;
  /** Each module's Hono router, mounted under /api (each may type its own context variables). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  routers: ReadonlyArray<Hono<any, any, any>>;
  /** Database liveness for /api/health. */
  checkDatabase: () => Promise<{ ok: true } | { ok: false; reason: string }>;
  /** GET /readyz (issue 38): the database, its migrations, the outbox's worker, the order log's head. Absent: ready once the database answers. */
  readiness?: (() => Promise<Readiness>) | undefined;
  bodyLimitBytes: number;
  /** Larger limits for upload routes, by path (e.g. /api/images: 5 MB plus form overhead). */
  uploadLimits?: Record<string, { bytes: number; error: AppError }>;
  cspSources?: CspSources;
  /** Folder of locally stored images, served at /uploads (content-named, so cached for good). */
  uploadsDir?: string;
  /** Folder of the built SPA; omitted in API tests. */
  webDistDir?: string;
  /**
   * CORS_ORIGINS: pages on other origins that may call /api (decision 040); with PUBLIC_URL, their
   * answers carry absolute image addresses.
   */
  cors?: { origins: readonly string[]; publicUrl?: string | undefined };
  /**
   * Link previews and crawlers (issue 21, decision 042): the pages' tags read the catalogue, and
   * /robots.txt and the sitemap are served (also without the web app).
   */
  pages?: {
    catalogue: PageCatalogue;
    sitemap: SitemapSource;
    addressing: PageAddressing;
    /** The catalogue's change tag: the sitemap's files are built once per version (issue 40). */
    version?: () => string;
    /** Product URLs per sitemap file (50,000); tests set a few to see the index. */
    sitemapUrlsPerFile?: number;
    sitemapCategoriesPerFile?: number;
  };
};

/**
 * GETs whose answer depends only on the URL, Accept-Encoding and the catalogue's version: public
 * catalogue reads. main.ts keeps their answers in the response cache
 * (src/platform/http/response-cache.ts). A route added here must read nothing else (no session,
 * no cookie, no other module's data). The pages (/ among them), robots.txt and /sitemap.xml are
 * kept too, under keys of their own that hold their language and origin (web-pages.ts, pageCacheKeys).
 */
const cacheablePaths = new RegExp(`^/(?:api/categories|api/products|api/products/${idPattern.source.slice(1, -1)})$`);
/** The CSP of every /api answer: JSON loads nothing, and no page may frame it. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

export const isCacheablePath = (path: string): boolean => cacheablePaths.test(path);

/** What the response cache may key a path's answers on: its query parameters, or null (never kept). */
export const cacheableQuery = (path: string): readonly string[] | null => {
  if (!cacheablePaths.test(path)) return null;
  // The query parameters of GET /api/products come from its contract; the others take none.
  return path === '/api/products' ? productListQuery : [];
};

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  server: z.object({ ok: z.boolean(), uptimeSeconds: z.number().int() }),
  database: z.object({ ok: z.boolean(), error: z.string().optional() }),
});

const siteConfigSchema = z.object({
  shopName: z.string(),
  contact: z.object({ phone: z.string(), email: z.string() }),
  social: z.object({ facebook: z.string(), instagram: z.string(), youtube: z.string() }),
  checkoutOtp: z.boolean().meta({ description: 'The checkout asks for a 6-digit code sent to the phone number by SMS before an order counts.' }),
  guestCheckout: z.boolean().meta({ description: 'GUEST_CHECKOUT: a visitor may order (Order Now) without an account, POST /api/guest/orders.' }),
  maxLineQuantity: z.number().int().meta({ description: 'MAX_LINE_QUANTITY: the most of one item a cart line or an order holds (1 to 99).' }),
  maxCartLines: z.number().int().meta({ description: 'MAX_CART_LINES: the most different items (product, size and color) one cart holds.' }),
  auth: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('local'), googleSignIn: z.literal(false) }),
    z.object({
      provider: z.literal('firebase'),
      googleSignIn: z.literal(true),
      firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
      emulatorUrl: z.string().optional(),
    }),
  ]),
}) satisfies z.ZodType<SiteConfig>;

/** Served by uploadedImages (static files), written here for the document. */
const uploadedImageRoute: RouteContract = {
  method: 'get',
  path: '/uploads/:name',
  tag: 'Platform',
  access: 'public',
  summary: 'A locally stored image',
  description: 'Names are `<sha256>.webp`, or `<sha256>-480.webp` / `-960.webp` for the smaller copies; cached for a year.',
  params: { name: z.string().regex(/^[0-9a-f]{64}(-[0-9]{2,4})?\.webp$/) },
  answers: { 200: { description: 'The image.', type: 'image/webp' } },
  errors: ['http/not-found'],
};

const probeSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number().int() });
const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), reason: z.string().optional() })).meta({ description: 'Each check by name (database, migrations, outbox, orderLog), with why one fails.' }),
});

/**
 * The probes of a process manager (issue 38), outside /api as orchestrators expect them: /healthz,
 * the process answers (restart it when not); /readyz, it can serve (send it no traffic when not):
 * the database answers, this build's migrations are applied, the outbox's worker runs, the order
 * log's head agrees with its last event. Never cached.
 */
function probeRoutes(deps: Pick<AppDeps, 'checkDatabase' | 'readiness'>) {
  const probes: ContractRouter = new ContractRouter();
  probes.handle(
    { method: 'get', path: '/healthz', tag: 'Platform', access: 'public', summary: 'Does the process answer? (liveness)', answers: { 200: { description: 'It does.', body: probeSchema } } },
    (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) });
    },
  );
  probes.handle(
    {
      method: 'get',
      path: '/readyz',
      tag: 'Platform',
      access: 'public',
      summary: 'May the process take traffic? (readiness)',
      description: 'Each check within 2 seconds. 503 with `status: not-ready` (and the error `http/unavailable`) names the checks that failed and why.',
      answers: { 200: { description: 'Ready.', body: readySchema } },
      errors: ['http/unavailable'],
    },
    async (c) => {
      const ready: Readiness = deps.readiness
        ? await deps.readiness()
        : await deps.checkDatabase().then((d) => ({ ready: d.ok, checks: { database: d.ok ? { ok: true as const } : { ok: false as const, reason: d.reason } } }));
      c.header('Cache-Control', 'no-store');
      if (ready.ready) return c.json({ status: 'ready' as const, checks: ready.checks }, 200);
      const failed = Object.entries(ready.checks).filter(([, check]) => !check.ok).map(([name]) => name);
      return c.json({ ...errorBody(appError('http/unavailable', `Not ready: ${failed.join(', ')}.`)), status: 'not-ready' as const, checks: ready.checks }, 503);
    },
  );
  return probes;
}

/** The platform's own routes under /api: health and the site config (their types: src/api-routes.ts). */
function platformRoutes(deps: Pick<AppDeps, 'checkDatabase' | 'site'>) {
  const platform: ContractRouter = new ContractRouter();
  platform.handle(
    {
      method: 'get',
      path: '/health',
      tag: 'Platform',
      access: 'public',
      summary: 'Is the server up, and its database?',
      answers: { 200: { description: 'Both are.', body: healthSchema } },
      errors: ['http/unavailable'],
    },
    async (c) => {
      const database = await deps.checkDatabase();
      const body = {
        status: database.ok ? 'ok' : 'degraded',
        server: { ok: true, uptimeSeconds: Math.round(process.uptime()) },
        database: database.ok ? { ok: true } : { ok: false, error: database.reason },
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body, database.ok ? 200 : 503);
    },
  );
  platform.handle(
    {
      method: 'get',
      path: '/config',
      tag: 'Platform',
      access: 'public',
      summary: 'What the web app may know about the shop (no secrets)',
      answers: { 200: { description: 'The shop name, contacts, social links and how to sign in.', body: siteConfigSchema } },
    },
    (c) => c.json(deps.site),
  );
  return platform;
}

/** The HTTP app, without listening: main.ts serves it, tests call app.request(). */
export function createApp(deps: AppDeps) {
  const app = new Hono<{ Variables: RequestIdVariables }>();
  const { logger } = deps;
  const send = (c: Context, e: AppError) => c.json(errorBody(e), statusOf(e.code) as 400);

  app.use('*', requestId());
  app.use('*', requestLog(logger));
  // Two sets of security headers (decision 012). A JSON answer is never rendered as a document,
  // so it carries only what matters if one is opened or framed directly: a CSP that allows
  // nothing, and nosniff. Pages, pictures and every other answer carry the document set.
  // Set before the route answers (every /api answer is made through the context, so it takes
  // them), with the Vary that compress() would add: adding a header to a finished answer makes
  // Hono rebuild it as a full Response, a cost every order would pay (docs/performance.md).
  // With CORS_ORIGINS, an answer differs by Origin (its CORS headers, its image addresses): every
  // /api answer says so, so that no cache hands one origin's answer to another (decision 040).
  const corsOrigins = deps.cors?.origins ?? [];
  const apiVary = corsOrigins.length > 0 ? 'Accept-Encoding, Origin' : 'Accept-Encoding';
  app.use('/api/*', (c, next) => {
    c.header('Content-Security-Policy', apiContentSecurityPolicy);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Vary', apiVary);
    return next();
  });
  const documentHeaderOptions: NonNullable<Parameters<typeof secureHeaders>[0]> = {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(deps.cspSources?.scriptSrc ?? [])],
      // sweetalert2 and swiper set inline styles; no inline script is ever allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(deps.cspSources?.connectSrc ?? [])],
      frameSrc: deps.cspSources?.frameSrc?.length ? deps.cspSources.frameSrc : ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    // Firebase's Google sign-in popup must be able to report back to its opener.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    referrerPolicy: 'strict-origin-when-cross-origin',
  };
  const documentHeaders = secureHeaders(documentHeaderOptions);
  // The pictures may be shown by the pages of CORS_ORIGINS (decision 040): Cross-Origin-Resource-
  // Policy same-origin would make their <img> fail.
  const pictureHeaders = corsOrigins.length > 0 ? secureHeaders({ ...documentHeaderOptions, crossOriginResourcePolicy: 'cross-origin' }) : documentHeaders;
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : c.req.path.startsWith('/uploads/') ? pictureHeaders(c, next) : documentHeaders(c, next)));
  app.use('*', compress());
  // Before the body limits and the routes: a preflight is answered here (decision 040).
  if (corsOrigins.length > 0) {
    app.use('/api/*', corsForApi(corsOrigins));
    const publicUrl = deps.cors?.publicUrl;
    if (publicUrl) {
      const allowed = new Set(corsOrigins);
      app.use('/api/*', absoluteImageAddresses(publicUrl, (c) => allowedOrigin(allowed, c.req.header('origin')) !== null));
    }
  }

  // Body limits. A body framed by Content-Length cannot be longer than it says (Node's parser reads
  // exactly that many bytes), so the header decides at once, as Hono's bodyLimit does too; only a
  // chunked body is counted while it is read. Deciding here first matters for speed: bodyLimit's
  // own first look at `c.req.raw.body` makes @hono/node-server build a full Request and a web
  // stream for every request, a cost every order would pay (docs/performance.md).
  type Limit = { bytes: number; error: AppError; counting: MiddlewareHandler };
  const limitOf = (bytes: number, error: AppError): Limit => ({ bytes, error, counting: bodyLimit({ maxSize: bytes, onError: (c) => send(c, error) }) });
  const defaultLimit = limitOf(deps.bodyLimitBytes, appError('http/payload-too-large', `The request body is larger than ${deps.bodyLimitBytes} bytes.`));
  const uploadLimits = new Map(Object.entries(deps.uploadLimits ?? {}).map(([path, limit]) => [path, limitOf(limit.bytes, limit.error)]));
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    const limit = uploadLimits.get(c.req.path) ?? defaultLimit;
    if (length !== undefined && c.req.header('transfer-encoding') === undefined && /^\d+$/.test(length)) {
      return Number(length) > limit.bytes ? Promise.resolve(send(c, limit.error)) : next();
    }
    return limit.counting(c, next);
  });
  app.use('/api/*', rejectMalformedJson);
  app.use('/api/*', refuseNul);

  const platform = platformRoutes(deps);
  const probes = probeRoutes(deps);
  const routers = [platform, ...deps.routers];
  // One way to compose: each module's routers, listed in mount order by the composition root; a
  // route an earlier one would take refuses the start (decision 050).
  const shadowed = shadowedRoutes(routers.flatMap((router) => (router instanceof ContractRouter ? router.contracts : [])));
  if (shadowed.length > 0) throw new Error(`Routers mounted in an order that hides routes: ${shadowed.join('; ')}. Mount the router with the literal path first.`);
  // Every route with a contract, as mounted: the OpenAPI document (GET /api/openapi.json).
  const documented = (): MountedContract[] => [
    ...routers.flatMap((router) => (router instanceof ContractRouter ? router.contracts.map((contract) => ({ prefix: '/api', contract })) : [])),
    ...probes.contracts.map((contract) => ({ prefix: '', contract })),
    ...(deps.uploadsDir ? [{ prefix: '', contract: uploadedImageRoute }] : []),
    ...(deps.pages ? [...crawlerFileContracts, ...(deps.webDistDir ? pageContracts : [])].map((contract) => ({ prefix: '', contract })) : []),
  ];
  apiDocsRoutes(platform, {
    title: `${deps.site.shopName} API`,
    document: () =>
      openApiDocument(
        {
          title: `${deps.site.shopName} API`,
          version: '1.0.0',
          description:
            'The shop\'s HTTP API. Money is whole taka (BDT). Every error answers `{ "error": { "code", "message", "issues"? } }`; the codes each route may answer are listed under its error statuses. Routes of the sign-in provider not chosen (local or Firebase) are not served and not listed.',
        },
        documented(),
      ),
  });
  for (const router of routers) app.route('/api', router);
  app.all('/api/*', (c) => send(c, appError('http/not-found', `No API route for ${c.req.method} ${c.req.path}.`)));

  app.route('/', probes);
  if (deps.uploadsDir) app.route('/uploads', uploadedImages(deps.uploadsDir));
  if (deps.pages) {
    const { sitemap, addressing, version, sitemapUrlsPerFile, sitemapCategoriesPerFile } = deps.pages;
    app.route('/', sitemapRoutes({ source: sitemap, addressing, version, urlsPerFile: sitemapUrlsPerFile, categoriesPerFile: sitemapCategoriesPerFile }));
  }
  if (deps.webDistDir) app.route('/', webAppRoutes(deps.webDistDir, { shopName: deps.site.shopName, pages: deps.pages }));

  app.notFound((c) => c.text('Not found', 404));
  app.onError((error, c) => {
    const reqId = c.get('requestId');
    logger.error('unhandled error', { reqId, method: c.req.method, path: c.req.path, error });
    const e = appError('http/internal', 'Something went wrong on our side. Please try again.');
    return c.json(errorBody(e, { requestId: reqId }), 500);
  });
  return app;
}

/** The routes of platformRoutes, for src/api-routes.ts. */
export type PlatformRoutes = ReturnType<typeof platformRoutes>;
