import type { Context } from 'hono';
import { createReadStream, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { appError } from '../../shared/errors.js';
import type { ContractRouter } from './contract.js';
import { sendError } from './respond.js';

/**
 * The API's document and its reference page (decision 018). GET /openapi.json answers the
 * OpenAPI 3.1 document; GET /docs a page that runs Scalar's API reference, served from our own
 * node_modules (a production dependency, so it is in the image), same origin, never a CDN. The
 * page has a CSP of its own; every other /api answer keeps `default-src 'none'`.
 */
export type ApiDocsOptions = {
  title: string;
  /** Built on the first request and kept: the routes do not change while the app runs. */
  document: () => object;
};

const scalarBundle = (() => {
  try {
    const file = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
})();

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
export const apiDocsContentSecurityPolicy = [
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

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

const scriptAnswer = (c: Context, body: ReadableStream | string) => {
  c.header('Content-Type', 'text/javascript; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(body);
};

export function apiDocsRoutes(router: ContractRouter, options: ApiDocsOptions) {
  let documentJson: string | null = null;
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
    (c, { params }) => {
      if (params.file === 'start.js') return scriptAnswer(c, start);
      if (!scalarBundle) return sendError(c, appError('http/unavailable', 'The API reference page is not installed (@scalar/api-reference).'));
      return scriptAnswer(c, Readable.toWeb(createReadStream(scalarBundle)) as ReadableStream);
    },
  );
}
