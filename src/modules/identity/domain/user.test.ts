import { describe, expect, it } from 'vitest';
import { deleteRefusal, looksLikeEmail, normalizeEmail } from './user.js';

describe('users', () => {
  it('normalises emails for comparison', () => {
    expect(normalizeEmail('  Rina@Example.COM ')).toBe('rina@example.com');
  });

  it('recognises an email by a generic pattern', () => {
    expect(looksLikeEmail('a@b.co')).toBe(true);
    for (const bad of ['a@b', 'a b@c.d', '@b.co', 'a@.', 'plain']) expect(looksLikeEmail(bad)).toBe(false);
  });

  it('refuses deleting oneself and the last admin, allows the rest', () => {
    const admin = { id: 'a', role: 'admin' as const };
    const other = { id: 'b', role: 'admin' as const };
    const customer = { id: 'c', role: 'customer' as const };
    expect(deleteRefusal(admin, admin, 2)).toBe('users/cannot-delete-self');
    expect(deleteRefusal(admin, other, 1)).toBe('users/last-admin');
    expect(deleteRefusal(admin, other, 2)).toBeNull();
    expect(deleteRefusal(admin, customer, 1)).toBeNull();
  });
});
