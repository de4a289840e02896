import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { escapeHtml } from '../../shared/escape-html.js';
import { appError } from '../../shared/errors.js';
import type { ContractRouter } from './contract.js';
import { sendError } from './respond.js';

/**
 * The API's document and its reference page (decision 018). GET /openapi.json answers the
 * OpenAPI 3.1 document; GET /docs a page that runs Scalar's API reference, served by this server
 * (same origin, never a CDN). The page has a CSP of its own; every other /api answer keeps
 * `default-src 'none'`.
 */
export type ApiDocsOptions = {
  title: string;
  /** Built on the first request and kept: the routes do not change while the app runs. */
  document: () => object;
};

/**
 * Scalar's bundle: copied next to the built server by `npm run build:server` (with .br and .gz
 * siblings; the Docker image has no dev dependencies), else the dev dependency itself (tests, dev).
 */
function findScalarBundle(): string | null {
  const built = fileURLToPath(new URL('../../api-docs/scalar.js', import.meta.url));
  if (existsSync(built)) return built;
  try {
    return createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
  } catch {
    return null;
  }
}

/**
 * Scalar's options that keep the page to itself: no web fonts from Scalar's servers, no button
 * that opens the document in Scalar's hosted client, no telemetry, no AI agent, and requests made
 * from the page go straight to this server (no proxy).
 */
const scalarOptions = {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  defaultOpenAllTags: false,
  persistAuth: false,
};

/** The page loads its scripts from here and talks to this server only. Scalar sets inline styles. */
const apiDocsContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');


const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<div id="app"></div>
<script src="/api/docs/scalar.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

const start = `Scalar.createApiReference('#app', ${JSON.stringify(scalarOptions)});\n`;

const scriptHeaders = (c: Context) => c.header('Cache-Control', 'public, max-age=3600');

export function apiDocsRoutes(router: ContractRouter, options: ApiDocsOptions) {
  let documentJson: string | null = null;
  const scalarBundle = findScalarBundle();
  const serveBundle = scalarBundle ? serveStatic({ path: scalarBundle, precompressed: true, onFound: (_path, c) => scriptHeaders(c) }) : null;
  const tag = 'Platform';

  router.handle(
    {
      method: 'get',
      path: '/openapi.json',
      tag,
      access: 'public',
      summary: 'This document',
      answers: { 200: { description: 'The OpenAPI 3.1 document of every route.', type: 'application/json' } },
    },
    (c) => {
      documentJson ??= JSON.stringify(options.document());
      c.header('Content-Type', 'application/json; charset=utf-8');
      return c.body(documentJson);
    },
  );

  router.handle(
    {
      method: 'get',
      path: '/docs',
      tag,
      access: 'public',
      summary: 'The API reference page',
      answers: { 200: { description: 'An HTML page that shows this document.', type: 'text/html' } },
      errors: ['http/unavailable'],
    },
    (c) => {
      if (!scalarBundle) return sendError(c, appError('http/unavailable', 'The API reference page is not installed (@scalar/api-reference); /api/openapi.json is.'));
      c.header('Content-Security-Policy', apiDocsContentSecurityPolicy);
      c.header('Cache-Control', 'no-cache');
      return c.html(page(options.title));
    },
  );

  router.handle(
    {
      method: 'get',
      path: '/docs/:file',
      tag,
      access: 'public',
      summary: "The reference page's scripts",
      params: { file: z.enum(['scalar.js', 'start.js']) },
      badParams: appError('http/not-found', 'The API reference page has no such file.'),
      answers: { 200: { description: 'scalar.js (Scalar API reference) or start.js.', type: 'text/javascript' } },
      errors: ['http/unavailable'],
    },
    async (c, { params }) => {
      if (params.file === 'start.js') {
        scriptHeaders(c);
        c.header('Content-Type', 'text/javascript; charset=utf-8');
        return c.body(start);
      }
      const served = serveBundle ? await serveBundle(c, () => Promise.resolve()) : undefined;
      return served ?? sendError(c, appError('http/unavailable', 'The API reference page is not installed (@scalar/api-reference).'));
    },
  );
}
