import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from './email-pattern';

describe('EMAIL_PATTERN', () => {
  it('matches a plain address and rejects obvious mistakes', () => {
    expect(EMAIL_PATTERN.test('someone@example.com')).toBe(true);
    for (const value of ['', 'someone', 'someone@', '@example.com', 'some one@example.com', 'someone@example']) {
      expect(EMAIL_PATTERN.test(value)).toBe(false);
    }
  });
});
