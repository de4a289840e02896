import { describe, expect, it } from 'vitest';
import { languageOf } from './accept-language.js';

describe('languageOf (Accept-Language)', () => {
  it.each([
    ['bn', 'bn'],
    ['en', 'en'],
    ['bn-BD', 'bn'],
    ['BN-in', 'bn'],
    ['en-GB,en;q=0.9', 'en'],
    ['bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7', 'bn'],
    ['en;q=0.5, bn;q=0.8', 'bn'],
    ['en, bn', 'en'],
    ['fr-FR, bn;q=0.3', 'bn'],
    ['fr, de', 'en'],
    ['*', 'en'],
    ['bn;q=0', 'en'],
    ['bn;q=0, en;q=0.1', 'en'],
    ['bn;q=abc', 'en'],
    ['bn ; q = 0.9 , en;q=0.95', 'en'],
    ['', 'en'],
    ['bengali', 'en'],
    ['bn;q=1.5', 'en'],
  ])('%j -> %s', (header, lang) => {
    expect(languageOf(header)).toBe(lang);
  });

  it('no header, or one too long to read, is English', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf(null)).toBe('en');
    expect(languageOf(`${'x-abc;q=0.1,'.repeat(60)}bn`)).toBe('en');
  });
});
