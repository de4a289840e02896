import { describe, expect, it } from 'vitest';
import pages from './messages/pages.en.json';
import { PAGES } from './routes';

describe('page titles', () => {
  it("has a message for every fixed title of routes.ts, whose English is the title itself (pages.ts: not shipped twice)", () => {
    const messages: Record<string, string> = pages;
    for (const [page, { title }] of Object.entries(PAGES)) {
      expect(messages[`pages.${title}`], `${page}: "${title}"`).toBe(title);
    }
  });

  it('has no message for a title routes.ts does not have', () => {
    const titles = new Set(Object.values(PAGES).map(({ title }) => `pages.${title}`));
    expect(Object.keys(pages).filter((id) => !titles.has(id))).toEqual([]);
  });
});
