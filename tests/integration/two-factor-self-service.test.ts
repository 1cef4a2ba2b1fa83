import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as twoFactor from '#app/routes/admin/account/two-factor.tsx';
import { seal } from '#app/services/auth/secret-box.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];
const PASSWORD = 'the owner’s long password';

/** A user enrolled as the set-up leaves them (the secret sealed as stored), with a session cookie. */
async function enrolledUser(label: string) {
  const userId = await createUser({ email: `${label}@example.com`, name: label, password: PASSWORD, roleId: 'editor' });
  const secret = generateSecret();
  const now = new Date().toISOString();
  await getDb()
    .insertInto('two_factor')
    .values({ user_id: userId, secret: seal(secret, 'totp-secret'), enabled_at: now, last_time_step: null, created_at: now })
    .execute();
  return { userId, secret, cookie: await sessionCookieFor(userId) };
}

const enrolled = async (userId: string) =>
  !!(await getDb().selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst())?.enabled_at;

const refusedCodes = (userId: string) =>
  getDb().selectFrom('audit_log').select('details').where('action', '=', 'auth.two_factor_failed').where('actor_id', '=', userId).execute();

describe.each(testDialects)('two-factor self-service on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  const post = (cookie: string, form: Record<string, string>) =>
    callRoute(twoFactor.action as unknown as Handler, { path: '/admin/account/two-factor', cookie, form });

  it('counts the codes tried on one’s own two-factor page under the per-account limit: 80 wrong codes get 429, each refusal audited', async () => {
    const { userId, cookie } = await enrolledUser('guesser');
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) {
      const intent = i % 2 ? 'disable' : 'regenerate';
      statuses.push((await post(cookie, { intent, password: PASSWORD, code: String(100000 + i) })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    const refused = await refusedCodes(userId);
    // Ten wrong codes, then the first refusal of the window: nothing more.
    expect(refused).toHaveLength(11);
    expect(refused.map((row) => JSON.parse(row.details).reason)).toEqual([...Array(10).fill('wrong code'), 'locked']);
    expect(await enrolled(userId)).toBe(true);
  });

  it('asks for the current password to turn two-factor off or to renew the recovery codes, even with a right code', async () => {
    const { userId, secret, cookie } = await enrolledUser('sessionthief');
    const code = await generate({ secret });
    const noPassword = await post(cookie, { intent: 'disable', code });
    expect(noPassword.status).toBe(400);
    const wrongPassword = await post(cookie, { intent: 'disable', password: 'a guess', code });
    expect(wrongPassword.status).toBe(400);
    expect(JSON.stringify(wrongPassword.data)).toContain('Your current password is not correct');
    expect((await post(cookie, { intent: 'regenerate', code })).status).toBe(400);
    expect(await enrolled(userId)).toBe(true);
    const done = await post(cookie, { intent: 'disable', password: PASSWORD, code });
    expect(done.status).toBe(302);
    expect(await enrolled(userId)).toBe(false);
  });

  it('shows no secret before the current password, and a fresh one at each set-up', async () => {
    const userId = await createUser({ email: 'newcomer@example.com', name: 'Newcomer', password: PASSWORD, roleId: 'editor' });
    const cookie = await sessionCookieFor(userId);
    const opened = await callRoute(twoFactor.loader as unknown as Handler, { path: '/admin/account/two-factor', cookie });
    expect(opened.status).toBe(200);
    expect(JSON.stringify(opened.data)).not.toMatch(/[A-Z2-7]{32}/);
    expect((await post(cookie, { intent: 'start', password: 'not it' })).status).toBe(400);
    const secrets = [];
    for (let i = 0; i < 2; i++) {
      const started = await post(cookie, { intent: 'start', password: PASSWORD });
      expect(started.status).toBe(200);
      secrets.push((started.data as { setup: { secret: string } }).setup.secret);
    }
    expect(secrets[0]).toMatch(/^[A-Z2-7]{32}$/);
    expect(secrets[1]).not.toBe(secrets[0]);
    // Nothing is kept before a first code confirms a set-up.
    expect(await getDb().selectFrom('two_factor').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('limits the passwords tried on these forms too: 12 wrong ones get 429, the owner’s own right ones never count', async () => {
    const { cookie } = await enrolledUser('passwordguesser');
    for (let i = 0; i < 3; i++)
      expect((await post(cookie, { intent: 'regenerate', password: PASSWORD, code: 'wrong-code' })).status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post(cookie, { intent: 'disable', password: `guess ${i}`, code: '123456' })).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
  });
});
