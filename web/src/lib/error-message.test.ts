import { HTTPError, TimeoutError } from 'ky';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeFailure } from './error-message';
import { setLanguage } from './i18n/i18n';

/** What ky throws when the shop answers with its error body. */
function answered(status: number, error: unknown): HTTPError {
  const request = new Request('http://shop.test/api/carts', { method: 'POST' });
  const response = new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(response, request, {} as never);
}

describe('describeFailure (issue 18: API errors in the language shown)', () => {
  beforeAll(() => {
    // The browser fetches the Bengali messages; here they are read from the disk.
    vi.stubGlobal('fetch', (url: URL) => Promise.resolve(new Response(readFileSync(url))));
  });
  afterAll(async () => {
    await setLanguage('en');
    vi.unstubAllGlobals();
  });

  it("shows the server's own message in English (the spec's texts), and its code's message in Bengali", async () => {
    const failure = () => answered(409, { code: 'cart/out-of-stock', message: 'Only 2 left of Fox Plush (45 cm, White).' });
    expect(await describeFailure(failure())).toEqual({ status: 409, code: 'cart/out-of-stock', message: 'Only 2 left of Fox Plush (45 cm, White).' });
    await setLanguage('bn');
    expect(await describeFailure(failure())).toEqual({ status: 409, code: 'cart/out-of-stock', message: 'স্টকে যথেষ্ট নেই।' });
    // A code the web does not know yet: the server's message rather than nothing.
    expect((await describeFailure(answered(409, { code: 'cart/something-new', message: 'New rule.' }))).message).toBe('New rule.');
    // The app's own words for a failure without the shop's answer (the HTTP status as it is: a technical code).
    expect((await describeFailure(answered(502, 'not json'))).message).toBe('সার্ভার অনুরোধটি শেষ করতে পারেনি (কোড 502)। আবার চেষ্টা করুন।');
    expect((await describeFailure(new TimeoutError(new Request('http://shop.test/api/carts')))).message).toBe('সার্ভার উত্তর দিতে অনেক দেরি করেছে। আবার চেষ্টা করুন।');
    await setLanguage('en');
    expect((await describeFailure(new TypeError('Failed to fetch'))).message).toBe('Could not reach the server. Check your connection and try again.');
  });

  it("shows the sign-up's look-alike and mixed-script refusals (issue 40) in both languages", async () => {
    const lookAlike = () => answered(409, { code: 'auth/email-look-alike', message: 'This email looks like one already registered. Please use a different email.' });
    const mixed = () => answered(400, { code: 'auth/email-mixed-script', message: 'This email mixes letters of different alphabets. Please check it or use a different email.' });
    expect((await describeFailure(lookAlike())).message).toBe('This email looks like one already registered. Please use a different email.');
    await setLanguage('bn');
    expect((await describeFailure(lookAlike())).message).toBe('এই ইমেইলটি আগে নিবন্ধিত একটি ইমেইলের মতো দেখায়। অন্য একটি ইমেইল ব্যবহার করুন।');
    expect((await describeFailure(mixed())).message).toBe('এই ইমেইলে ভিন্ন ভিন্ন বর্ণমালার অক্ষর মেশানো আছে। ইমেইলটি দেখে নিন বা অন্য একটি ইমেইল ব্যবহার করুন।');
    await setLanguage('en');
  });
});
