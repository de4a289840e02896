import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStrongPassword } from './password-rule.js';

describe('isStrongPassword', () => {
  it.each(['abc123!@', 'P@ssw0rd', 'ভালো১২৩৪!x1', 'a1#aaaaa'])('accepts %s', (p) => expect(isStrongPassword(p)).toBe(true));
  it.each(['', 'a1!', 'abcdefgh', '12345678', '!!!!!!!!', 'abcd1234', 'abcd!@#$', '1234!@#$', 'abc 1234', 'a1!'.padEnd(7, 'x')])(
    'refuses %s',
    (p) => expect(isStrongPassword(p)).toBe(false),
  );

  it('needs all three kinds and 8 characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (p) => {
        const expected =
          p.length >= 8 && /\p{L}/u.test(p) && /\p{Nd}/u.test(p) && /[^\p{L}\p{Nd}\s]/u.test(p);
        expect(isStrongPassword(p)).toBe(expected);
      }),
    );
  });

  it('refuses absurdly long passwords (they would make hashing a denial of service)', () => {
    expect(isStrongPassword(`a1!${'x'.repeat(300)}`)).toBe(false);
  });
});
