import { readFileSync } from 'node:fs';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shellMessages } from '../../app/layouts/messages/shell';
import { currentLanguage, setLanguage, useT, type MessageValues } from './i18n';

/** What a component of the shell shows for a message. */
function shown(id: 'shell.nav.logIn' | 'shell.nav.cartItems', values?: MessageValues): string {
  function Probe() {
    const t = useT(shellMessages);
    return createElement(Fragment, null, t(id, values));
  }
  return renderToStaticMarkup(createElement(Probe));
}

describe('i18n', () => {
  // The browser fetches a namespace's Bengali file; here it is read from the disk.
  beforeAll(() => {
    vi.stubGlobal('fetch', (url: URL) => Promise.resolve(new Response(readFileSync(url))));
  });
  afterAll(async () => {
    await setLanguage('en');
    vi.unstubAllGlobals();
  });

  it('starts in English, with ICU plurals', () => {
    expect(currentLanguage()).toBe('en');
    expect(shown('shell.nav.cartItems', { count: 1 })).toBe('(1 item)');
    expect(shown('shell.nav.cartItems', { count: 3 })).toBe('(3 items)');
  });

  it('switches to Bengali once its messages are fetched, numbers in Bengali digits, and back', async () => {
    await setLanguage('bn');
    expect(currentLanguage()).toBe('bn');
    expect(shown('shell.nav.logIn')).toBe('লগ ইন');
    expect(shown('shell.nav.cartItems', { count: 3 })).toBe('(৩টি পণ্য)');
    await setLanguage('en');
    expect(shown('shell.nav.logIn')).toBe('Log in');
  });
});
