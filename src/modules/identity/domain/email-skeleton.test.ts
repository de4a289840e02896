import { describe, expect, it } from 'vitest';
import { emailSkeleton, mixesScripts } from './email-skeleton.js';

describe('emailSkeleton (issue 40)', () => {
  it.each([
    ['аlice@example.com', 'Cyrillic а'],
    ['aliće@example.com', 'Latin ć'],
    ['ＡＬＩＣＥ@ＥＸＡＭＰＬＥ.com', 'fullwidth'],
    ['ΑLICE@example.com', 'Greek capital alpha'],
    ['аӏісе@ехаmрlе.соm', 'Cyrillic throughout'],
    ['ali\u0307ce@example.com', 'a combining dot above'],
    ['  Alice@Example.COM ', 'case and spaces'],
  ])('%j (%s) has the skeleton of alice@example.com', (email) => {
    expect(emailSkeleton(email)).toBe('alice@example.com');
  });

  it('leaves plain ASCII as it is: different ASCII addresses never share a skeleton', () => {
    for (const email of ['bob1@example.com', 'bobl@example.com', 'rn@example.com', 'm@example.com', 'o0@example.com']) expect(emailSkeleton(email)).toBe(email);
  });

  it('keeps the vowel signs of Bengali: they are parts of letters, not accents', () => {
    expect(emailSkeleton('কিম@example.com')).not.toBe(emailSkeleton('কম@example.com'));
  });

  it('folds ß to ss', () => {
    expect(emailSkeleton('straße@example.de')).toBe('strasse@example.de');
  });
});

describe('mixesScripts', () => {
  it.each(['pаypal@example.com', 'bob@exаmple.com', 'rinaরিনা@example.com', 'alice১@example.com'])('%j mixes scripts', (email) => {
    expect(mixesScripts(email)).toBe(true);
  });
  it.each(['alice@example.com', 'aliće@example.com', 'алиса@пример.рф', 'রিনা@example.com', '山田たろう@example.jp', '김철수@example.kr', 'bob.1-2_3@example.com'])('%j does not', (email) => {
    expect(mixesScripts(email)).toBe(false);
  });
});
