// Issue 18: the Bengali web font stays small and is fetched only for Bengali text. The woff2 (made by
// scripts/subset-bengali-font.sh) is a real woff2 under its byte budget, licensed (OFL.txt beside it); the
// @font-face in the main stylesheet swaps and covers only the Bengali code points the subset holds (the
// same ranges as the script); nothing preloads it, so an English page never pays for it (the browser
// side of that is tests/e2e/bengali-font.spec.ts). The JavaScript budget (web-budget.test.ts) does not
// count it: it is neither script nor part of the first load of an English page.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const at = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** 39,184 bytes at issue 18; room for a newer Noto release, not for a second script or the hinting. */
const FONT_BUDGET_BYTES = 45_000;
const RANGES = ['U+0980-09FF', 'U+200C-200D', 'U+25CC', 'U+0964-0965'];

describe('the Bengali web font', () => {
  const font = readFileSync(at('web/public/fonts/noto-sans-bengali.woff2'));
  const css = readFileSync(at('web/src/styles/base.css'), 'utf8');
  const face = /@font-face\s*{[^}]*'Shop Bengali'[^}]*}/.exec(css)?.[0] ?? '';

  it(`is a woff2 of at most ${FONT_BUDGET_BYTES / 1000} kB, with its licence`, () => {
    expect(font.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(font.length).toBeLessThanOrEqual(FONT_BUDGET_BYTES);
    expect(readFileSync(at('web/public/fonts/OFL.txt'), 'utf8')).toContain('SIL Open Font License');
  });

  it('is declared with font-display: swap, for the Bengali code points only', () => {
    expect(face).toContain("url('/fonts/noto-sans-bengali.woff2') format('woff2')");
    expect(face).toMatch(/font-display:\s*swap;/);
    expect(/unicode-range:\s*([^;]+);/.exec(face)?.[1]?.split(/,\s*/)).toEqual(RANGES);
    expect(readFileSync(at('scripts/subset-bengali-font.sh'), 'utf8')).toContain(`--unicodes='${RANGES.join(',')}'`);
  });

  it('is not preloaded by index.html (a preload would make every English page fetch it)', () => {
    expect(readFileSync(at('web/index.html'), 'utf8')).not.toContain('noto-sans-bengali');
  });
});
