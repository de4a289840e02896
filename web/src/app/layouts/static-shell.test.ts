// index.html carries the shop's header as static HTML, painted before the app's JavaScript arrives
// (first contentful paint); React replaces it on its first render. This keeps that copy identical to
// what the Navbar renders first (signed out, shop name not loaded yet), so nothing changes or moves.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { readFileSync } from 'node:fs';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context';
import { Navbar } from './navbar';
import { SkipLink } from './skip-link';

const indexHtml = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');

/** Markup without the whitespace between tags and the router's data-discover attributes. */
const normalize = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/ data-discover="true"/g, '')
    .trim();

function renderedHeader(): string {
  const signedOut = { user: null, loading: true, isAdmin: false, provider: null, googleSignIn: false } as unknown as AuthContextValue;
  const tree = createElement(
    QueryClientProvider,
    { client: new QueryClient() },
    createElement(
      MemoryRouter,
      { initialEntries: ['/'] },
      createElement(AuthContext, { value: signedOut }, createElement(Fragment, null, createElement(SkipLink), createElement(Navbar))),
    ),
  );
  return normalize(renderToStaticMarkup(tree));
}

describe('the static shell in index.html', () => {
  it('is the header the app renders first', () => {
    const shell = /<div class="app-shell" data-static-shell="" inert aria-hidden="true">([\s\S]*?)<main /.exec(indexHtml)?.[1];
    expect(shell, 'no inert <div class="app-shell" data-static-shell=""> in web/index.html').toBeDefined();
    expect(normalize(shell ?? '')).toBe(renderedHeader());
  });

  it('has the empty <main> of the layout, so that the skip link has its target', () => {
    expect(indexHtml).toMatch(/<main id="main" class="site-main" tabindex="-1"><\/main>\s*<\/div>\s*<\/div>/);
  });
});
