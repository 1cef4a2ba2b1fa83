import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as login from '#app/routes/site/login.tsx';
import { runWithRequestInfo } from '#app/services/audit/request-info.server.ts';
import { SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS } from '#app/services/auth/rate-limit.server.ts';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];
const PASSWORD = 'the owner’s long password';

/** Moves the account's slowdown back in time, as if `seconds` had passed since it last let an attempt through. */
async function timePasses(seconds: number) {
  const rows = await getDb()
    .selectFrom('throttles')
    .select(['key', 'window_started_at'])
    .where('key', 'like', 'sign-in:account-slowdown:%')
    .execute();
  for (const row of rows) {
    const earlier = new Date(new Date(row.window_started_at).getTime() - seconds * 1000).toISOString();
    await getDb().updateTable('throttles').set({ window_started_at: earlier }).where('key', '=', row.key).execute();
  }
}

describe.each(testDialects)('the sign-in ceiling per account on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('slows an account guessed from many addresses: past the ceiling each further attempt, from any address, waits', async () => {
    await createUser({ email: 'target@example.com', name: 'Target', password: PASSWORD, roleId: 'administrator' });
    const results = [];
    // One guess from each of 60 addresses: no per-address or per-pair limit is ever reached.
    for (let i = 1; i <= 60; i++) results.push(await signIn({ email: 'target@example.com', password: `guess ${i}`, ip: `203.0.113.${i}` }));
    const checked = results.filter((result) => !result.ok && result.reason === 'invalid');
    const slowed = results.filter((result) => !result.ok && result.reason === 'locked' && result.limit === 'account');
    expect(results.slice(0, SIGN_IN_PER_ACCOUNT.limit).every((result) => !result.ok && result.reason === 'invalid')).toBe(true);
    // In the second or so the loop takes, the slowdown lets through at most its first one or two spaced attempts.
    expect(checked.length).toBeLessThanOrEqual(SIGN_IN_PER_ACCOUNT.limit + 2);
    expect(slowed.length).toBeGreaterThanOrEqual(60 - SIGN_IN_PER_ACCOUNT.limit - 2);
    for (const result of slowed) {
      if (result.ok || result.reason !== 'locked') continue;
      expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it('never locks: once the wait has passed an attempt goes through, and the waits grow to a minute at most', async () => {
    // The slowdown starts afresh (the account is still past its ceiling): the first attempt waits a second.
    await getDb().deleteFrom('throttles').where('key', 'like', 'sign-in:account-slowdown:%').execute();
    expect(await signIn({ email: 'target@example.com', password: 'first again', ip: '198.51.100.250' })).toMatchObject({
      ok: false,
      reason: 'locked',
      limit: 'account',
      retryAfterSeconds: 1,
    });
    const waits: number[] = [];
    for (let round = 0; round < 9; round++) {
      await timePasses(61);
      const admitted = await signIn({ email: 'target@example.com', password: `later guess ${round}`, ip: `198.51.100.${round + 1}` });
      expect(admitted).toMatchObject({ ok: false, reason: 'invalid' });
      const next = await signIn({ email: 'target@example.com', password: 'right after', ip: `198.51.100.${round + 100}` });
      if (next.ok || next.reason !== 'locked') throw new Error(`expected a wait, got ${JSON.stringify(next)}`);
      waits.push(next.retryAfterSeconds);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60, 60]);
  });

  it('lets the owner in at once from a browser that signed in before, and from a new one after the wait', async () => {
    expect(await signIn({ email: 'target@example.com', password: PASSWORD, ip: '192.0.2.77', knownBrowser: true })).toMatchObject({
      ok: true,
    });
    expect(await signIn({ email: 'target@example.com', password: PASSWORD, ip: '192.0.2.78' })).toMatchObject({
      ok: false,
      reason: 'locked',
      limit: 'account',
    });
    await timePasses(61);
    expect(await signIn({ email: 'target@example.com', password: PASSWORD, ip: '192.0.2.78' })).toMatchObject({ ok: true });
  });

  it('counts an IPv6 address by its /64: rotating through one network does not reset the per-address limit', async () => {
    await createUser({ email: 'v6@example.com', name: 'V6', password: PASSWORD, roleId: 'editor' });
    for (let i = 1; i <= SIGN_IN_PER_ADDRESS.limit; i++) {
      const ip = `2001:db8:1:2:${i.toString(16)}::${i.toString(16)}`;
      expect(await signIn({ email: `nobody${i}@example.com`, password: 'nope', ip })).toMatchObject({ ok: false, reason: 'invalid' });
    }
    expect(await signIn({ email: 'v6@example.com', password: PASSWORD, ip: '2001:db8:1:2:ffff:ffff:ffff:fffe' })).toMatchObject({
      ok: false,
      reason: 'locked',
      limit: 'address',
    });
    // Another /64, and an IPv4-mapped address, are other addresses.
    expect(await signIn({ email: 'v6@example.com', password: PASSWORD, ip: '2001:db8:1:3::1' })).toMatchObject({ ok: true });
    expect(await signIn({ email: 'v6@example.com', password: PASSWORD, ip: '::ffff:192.0.2.200' })).toMatchObject({ ok: true });
  });

  it('answers a throttled sign-in 429 with Retry-After, and the form says how long to wait', async () => {
    await getDb().deleteFrom('throttles').execute();
    await createUser({ email: 'form@example.com', name: 'Form', password: PASSWORD, roleId: 'editor' });
    const post = (password: string) =>
      runWithRequestInfo({ ip: '127.0.0.1', userAgent: 'test' }, () =>
        callRoute(login.action as unknown as Handler, { path: '/login', form: { email: 'form@example.com', password } }),
      );
    for (let i = 0; i < 5; i++) expect((await post(`wrong ${i}`)).status).toBe(401);
    const throttled = await post('wrong again');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(JSON.stringify(throttled.data)).toContain('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  });
});
