import { expect, test } from '@playwright/test';

// Issue 33, point 10: an unknown path is answered 404 (it was 200 with the app) and shows the
// not-found page; an unknown category shows the not-found page too (it showed an empty category).
// In English and Bengali, at a phone's width and a desktop's.
const stamp = `${Date.now() % 1_000_000}`;
const texts = {
  en: { heading: 'Page not found', category: 'Category not found. It may have been removed, or the link may be wrong.' },
  bn: { heading: 'পাতাটি পাওয়া যায়নি', category: 'ক্যাটাগরিটি পাওয়া যায়নি। হয়তো এটি সরানো হয়েছে, বা লিংকটি ভুল।' },
} as const;

for (const width of [390, 1366]) {
  for (const lang of ['en', 'bn'] as const) {
    test(`an unknown path and an unknown category are not found, ${lang}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of [`/no-such-page-${stamp}`, '/livez']) {
        const answer = await page.goto(`${path}?lang=${lang}`);
        expect(answer?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(texts[lang].heading);
      }

      const answer = await page.goto(`/category/${encodeURIComponent(`No Such Category ${stamp}`)}?lang=${lang}`);
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[lang].heading);
      await expect(page.getByText(texts[lang].category)).toBeVisible();
      await expect(page.getByRole('link', { name: lang === 'en' ? 'Back to home' : 'হোমে ফিরুন' })).toBeVisible();
    });
  }
}
