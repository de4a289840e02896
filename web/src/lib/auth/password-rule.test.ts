import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isStrongPassword } from './password-rule';

describe('isStrongPassword (same cases as the server)', () => {
  it.each(['abc123!@', 'P@ssw0rd', 'ভালো১২৩৪!x1', 'a1#aaaaa'])('accepts %s', (password) => {
    expect(isStrongPassword(password)).toBe(true);
  });

  it.each(['', 'a1!', 'abcdefgh', '12345678', '!!!!!!!!', 'abcd1234', 'abcd!@#$', '1234!@#$', 'abc 1234', `a1!${'x'.repeat(300)}`])(
    'refuses %s',
    (password) => expect(isStrongPassword(password)).toBe(false),
  );
});

describe('EMAIL_PATTERN', () => {
  it('matches a plain address and rejects obvious mistakes', () => {
    expect(EMAIL_PATTERN.test('someone@example.com')).toBe(true);
    for (const value of ['', 'someone', 'someone@', '@example.com', 'some one@example.com', 'someone@example']) {
      expect(EMAIL_PATTERN.test(value)).toBe(false);
    }
  });
});
