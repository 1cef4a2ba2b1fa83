import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { SIGN_IN_PER_ACCOUNT_AND_ADDRESS, SIGN_IN_PER_ADDRESS } from '#app/services/auth/rate-limit.server.ts';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

const counters = () => getDb().selectFrom('throttles').select(['key', 'count']).execute();

describe.each(testDialects)('sign-in throttling on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('counts every one of 50 parallel wrong guesses, and checks only as many passwords as the limit allows', async () => {
    await createUser({ email: 'target@example.com', name: 'Target', password: 'the right password', roleId: 'administrator' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn({ email: 'target@example.com', password: `guess ${i}`, ip: '203.0.113.7' })),
    );
    expect(results.filter((result) => !result.ok && result.reason === 'invalid')).toHaveLength(SIGN_IN_PER_ACCOUNT_AND_ADDRESS.limit);
    expect(results.filter((result) => !result.ok && result.reason === 'locked')).toHaveLength(50 - SIGN_IN_PER_ACCOUNT_AND_ADDRESS.limit);
    const counted = await counters();
    expect(counted.filter((row) => row.key.includes('203.0.113.7')).map((row) => Number(row.count))).toEqual([50, 50]);
    // Even the right password is refused from that address for the window…
    expect(await signIn({ email: 'target@example.com', password: 'the right password', ip: '203.0.113.7' })).toMatchObject({
      ok: false,
      reason: 'locked',
    });
  });

  it('lets the owner sign in from another address while the attacker’s address is throttled', async () => {
    const fromHome = await signIn({ email: 'target@example.com', password: 'the right password', ip: '198.51.100.20' });
    expect(fromHome.ok).toBe(true);
    // …and a success from the owner's address does not reset the attacker's counters.
    expect(await signIn({ email: 'target@example.com', password: 'guess', ip: '203.0.113.7' })).toMatchObject({
      ok: false,
      reason: 'locked',
    });
  });

  it('throttles one address guessing across many accounts, not the other addresses', async () => {
    await createUser({ email: 'ed@example.com', name: 'Ed', password: 'correct horse', roleId: 'editor' });
    const guesses = Array.from({ length: SIGN_IN_PER_ADDRESS.limit }, (_, i) =>
      signIn({ email: `guess${i}@example.com`, password: 'nope', ip: '10.9.9.9' }),
    );
    expect((await Promise.all(guesses)).every((result) => !result.ok && result.reason === 'invalid')).toBe(true);
    expect(await signIn({ email: 'ed@example.com', password: 'correct horse', ip: '10.9.9.9' })).toMatchObject({
      ok: false,
      reason: 'locked',
      limit: 'address',
    });
    expect((await signIn({ email: 'ed@example.com', password: 'correct horse', ip: '10.9.9.10' })).ok).toBe(true);
  });

  it('does not count successful sign-ins against an address (an office behind one address)', async () => {
    for (let i = 0; i < SIGN_IN_PER_ADDRESS.limit + 5; i++) {
      expect((await signIn({ email: 'ed@example.com', password: 'correct horse', ip: '192.0.2.50' })).ok).toBe(true);
    }
  });

  it('starts a fresh window once the old one has passed', async () => {
    await getDb()
      .updateTable('throttles')
      .set({ window_started_at: new Date(Date.now() - 16 * 60 * 1000).toISOString() })
      .execute();
    expect((await signIn({ email: 'target@example.com', password: 'the right password', ip: '203.0.113.7' })).ok).toBe(true);
  });
});
