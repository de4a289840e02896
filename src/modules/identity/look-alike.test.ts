import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../platform/database.js';
import { newId } from '../../shared/ids.js';
import { createSqliteUserStore } from './adapters/sqlite/user-store.js';
import { createProfile } from './create-profile.js';
import { exchangeFirebaseToken } from './exchange-firebase-token.js';
import type { UserStore, VerifiedIdentity } from './ports.js';

// The Firebase ways in that create a profile (issue 40), over a real SQLite file with the real
// migrations: a verified look-alike of an existing account's email gets no profile.
let dir: string;
let close: () => Promise<void>;
let users: UserStore;
const clock = { now: () => new Date('2026-01-01T00:00:00Z') };
const tokens = { issue: async () => 'session-token', verify: async () => null };
const verifierOf = (identity: VerifiedIdentity) => ({ verify: async () => identity });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'look-alike-'));
  const database = openSqliteDatabase(join(dir, 'shop.db'));
  users = createSqliteUserStore(database.outside);
  close = () => database.close();
  await users.insert({ id: newId(), name: 'Alice', email: 'alice@example.com', role: 'customer', tokenVersion: 0, createdAt: clock.now(), passwordHash: null, provider: 'firebase' });
});
afterEach(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const exchange = (email: string) => exchangeFirebaseToken({ verifier: verifierOf({ email, emailVerified: true, name: 'Someone' }), users, tokens, clock, newId }, 'id-token');

describe('look-alike emails on the Firebase path', () => {
  it('the first exchange of a verified look-alike creates no profile; a distinct email and the real one sign in', async () => {
    for (const [email, code] of [
      ['aliće@example.com', 'auth/email-look-alike'],
      ['аlice@example.com', 'auth/email-look-alike'],
      ['pаypal@example.com', 'auth/email-mixed-script'],
    ] as const) {
      const result = await exchange(email);
      expect(result.ok ? 'ok' : result.error.code, email).toBe(code);
      expect(await users.byEmail(email)).toBeNull();
    }
    expect((await exchange('alicia@example.com')).ok).toBe(true);
    expect((await exchange('alice@example.com')).ok).toBe(true);
  });

  it('POST /api/users refuses the profile of a look-alike identity', async () => {
    const result = await createProfile({ users, clock, newId }, { claims: { kind: 'identity', provider: 'firebase', email: 'aliće@example.com', tokenVersion: 0 }, user: null }, { name: 'Mallory', email: 'aliće@example.com' });
    expect(result.ok ? 'ok' : result.error.code).toBe('auth/email-look-alike');
    expect(await users.byEmail('aliće@example.com')).toBeNull();
  });
});
