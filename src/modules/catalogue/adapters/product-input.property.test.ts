import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productInputSchema } from './product-input.js';

const text = (min: number, max: number) =>
  fc.string({ minLength: min, maxLength: max }).filter((s) => s.trim().length >= min);
const imageUrl = fc.oneof(
  fc.webUrl({ validSchemes: ['https'] }).filter((u) => !/["'<>\s]/.test(u)),
  fc
    .stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,39}$/)
    .filter((n) => !n.includes('..'))
    .map((n) => `/uploads/${n}`),
);
const validInput = fc.record({
  title: text(1, 120),
  description: fc.string({ maxLength: 300 }),
  category: text(1, 80),
  price: fc.integer({ min: 1, max: 10_000_000 }),
  // At most 10 x 10: a product has at most 100 size x color combinations (maxVariantsPerProduct).
  sizes: fc.array(fc.string({ maxLength: 40 }), { maxLength: 10 }),
  colors: fc.array(fc.string({ maxLength: 40 }), { maxLength: 10 }),
  images: fc.array(imageUrl, { minLength: 1, maxLength: 3 }),
});
const keys = ['title', 'description', 'category', 'price', 'sizes', 'colors', 'images'];

describe('the product input schema', () => {
  it('accepts every valid product, trimmed, with empty and repeated labels dropped', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        const parsed = productInputSchema.safeParse(input);
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        expect(parsed.data.title).toBe(input.title.trim());
        expect(parsed.data.price).toBe(input.price);
        // A size twice would be one variant twice (decision 027): the first of each is kept.
        expect(parsed.data.sizes).toEqual([...new Set(input.sizes.map((s) => s.trim()).filter(Boolean))]);
        expect(parsed.data.colors.every((c) => c.length > 0 && c === c.trim())).toBe(true);
        expect(parsed.data.images).toHaveLength(input.images.length);
      }),
    );
  });

  it('never lets a field outside the API through, whatever its name', () => {
    const extraKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', '_id', 'createdAt', 'role', 'rating'), fc.string());
    fc.assert(
      fc.property(validInput, extraKey, fc.jsonValue(), (input, key, value) => {
        fc.pre(!keys.includes(key));
        const body = JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
        Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
        const parsed = productInputSchema.safeParse(body);
        expect(parsed.success).toBe(true);
        if (parsed.success) {
          expect(Object.keys(parsed.data).sort()).toEqual([...keys].sort());
          expect(Object.getPrototypeOf(parsed.data)).toBe(Object.prototype);
        }
      }),
    );
  });

  it('refuses every price that is not a whole number from 1 to 10,000,000', () => {
    const badPrice = fc.oneof(
      fc.integer({ max: 0 }),
      fc.integer({ min: 10_000_001 }),
      fc.double({ noInteger: true }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, '100', null, true, [], {}),
    );
    fc.assert(
      fc.property(validInput, badPrice, (input, price) => {
        const parsed = productInputSchema.safeParse({ ...input, price });
        expect(parsed.success).toBe(false);
        if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(['price']);
      }),
    );
  });

  it('refuses no image, more than three, and anything that is not an https URL or an upload', () => {
    const badUrl = fc.oneof(
      fc.constantFrom('javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://x.test/a.png', '//evil.test/a.png', '/etc/passwd', '/uploads/../secrets.json', '/uploads/.hidden', '/uploads/a..b', ''),
      fc.string().filter((s) => !s.startsWith('https://') && !s.startsWith('/uploads/')),
    );
    fc.assert(
      fc.property(validInput, badUrl, fc.integer({ min: 4, max: 8 }), (input, url, n) => {
        expect(productInputSchema.safeParse({ ...input, images: [] }).success).toBe(false);
        expect(productInputSchema.safeParse({ ...input, images: Array.from({ length: n }, () => input.images[0]) }).success).toBe(false);
        expect(productInputSchema.safeParse({ ...input, images: [url] }).success).toBe(false);
      }),
    );
  });

  it('refuses a blank title or category', () => {
    fc.assert(
      fc.property(validInput, fc.stringMatching(/^\s*$/), fc.constantFrom('title', 'category'), (input, blank, field) => {
        expect(productInputSchema.safeParse({ ...input, [field]: blank }).success).toBe(false);
      }),
    );
  });
});
