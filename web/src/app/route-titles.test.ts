import { describe, expect, it } from 'vitest';
import common from '../lib/messages/common.en.json';
import { PAGES } from './routes';

describe('page titles', () => {
  it("has a message for every fixed title of routes.ts, whose English is the title itself (use-route-title.ts shows it)", () => {
    const messages: Record<string, string> = common;
    for (const [page, { title }] of Object.entries(PAGES)) {
      expect(messages[`common.page.${title}`], `${page}: "${title}"`).toBe(title);
    }
  });
});
