// index.html carries the shop's header as static HTML, painted before the app's JavaScript arrives
// (first contentful paint); React replaces it on its first render. The build writes it from the Navbar
// (static-shell.tsx, staticShell in web/vite.config.ts); these check that copy is the header the app
// renders first (signed out, the same shop name), so nothing changes or moves.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { readFileSync } from 'node:fs';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_NAME, FALLBACK_SHOP_NAME } from '../../features/site/api/get-site-config';
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context';
import { NAVIGATION, PAGES } from '../routes';
import { Navbar } from './navbar';
import { renderShellSpinner, renderStaticShell } from './static-shell';
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

/** The app's first render: signed out, /api/config not answered yet. */
function renderedHeader(): string {
  const signedOut = { user: null, loading: true, role: null, can: () => false, provider: null, googleSignIn: false } as unknown as AuthContextValue;
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
    const shell = /<div class="app-shell" data-static-shell="" inert aria-hidden="true">([\s\S]*?)<main /.exec(renderStaticShell(FALLBACK_SHOP_NAME))?.[1];
    expect(shell, 'no inert <div class="app-shell" data-static-shell=""> in the static shell').toBeDefined();
    expect(normalize(shell ?? '')).toBe(renderedHeader());
  });

  it('has the <main> of the layout, so that the skip link has its target, holding only the late spinner', () => {
    expect(renderStaticShell(DEFAULT_SHOP_NAME).endsWith(`<main id="main" class="site-main" tabindex="-1">${renderShellSpinner()}</main></div>`)).toBe(true);
    expect(renderShellSpinner()).toMatch(/^<div class="spinner spinner--fill spinner--late" role="status"/);
    expect(indexHtml).toMatch(/<div id="root">\s*<!-- static-shell:[^>]*-->\s*<\/div>/);
  });

  it('shows the shop name it is built with, and the main menu of routes.ts', () => {
    const shell = renderStaticShell('Kotha & Cards');
    expect(shell).toContain('<span class="navbar__name">Kotha &amp; Cards</span>');
    for (const { to, label } of NAVIGATION.main) expect(shell).toContain(`<a class="navbar__link" href="${to}">${label}</a>`);
    expect(shell).toContain(`href="${PAGES.login.path}">Log in</a>`);
    expect(indexHtml).toContain('<title>%SHOP_NAME% | ');
    expect(indexHtml).toContain('<meta name="application-name" content="%SHOP_NAME%" />');
  });
});
