import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language';

const none = { search: '', stored: null, browser: [] };

describe('detectLanguage', () => {
  it('takes ?lang= first, then the remembered choice, then the browser, then English', () => {
    expect(detectLanguage({ search: '?lang=bn', stored: 'en', browser: ['en-US'] })).toBe('bn');
    expect(detectLanguage({ search: '?q=x&lang=en', stored: 'bn', browser: ['bn-BD'] })).toBe('en');
    expect(detectLanguage({ search: '', stored: 'bn', browser: ['en-US'] })).toBe('bn');
    expect(detectLanguage({ search: '', stored: null, browser: ['bn-BD', 'en'] })).toBe('bn');
    expect(detectLanguage(none)).toBe('en');
  });

  it('ignores what names no language of the shop', () => {
    expect(detectLanguage({ search: '?lang=fr', stored: 'de', browser: ['fr-FR', 'BN-in'] })).toBe('bn');
    expect(detectLanguage({ search: '?lang=', stored: '', browser: ['fr', 'en-GB', 'bn'] })).toBe('en');
    expect(detectLanguage({ search: '?lang=BN', stored: null, browser: ['hi-IN'] })).toBe('en');
  });
});
