import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { findSessionUser, hashSessionToken, SESSION_TOUCH_INTERVAL_MS } from '#app/services/auth/session-store.server.ts';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import { endOtherSessions, endSession, listSessions } from '#app/services/auth/user-sessions.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv({ SESSION_IDLE_DAYS: '7' });

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

async function tokenFor(email: string, userAgent: string) {
  const result = await signIn({ email, password: 'session password', ip: '10.2.0.1', userAgent });
  if (!result.ok) throw new Error('expected success');
  return result.token;
}

describe.each(testDialects)('sessions on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('records the device and last use, and lists a user’s sessions with the current one marked', async () => {
    const userId = await createUser({ email: 'sam@example.com', name: 'Sam', password: 'session password', roleId: 'editor' });
    const laptop = await tokenFor('sam@example.com', FIREFOX);
    await tokenFor('sam@example.com', SAFARI);
    const sessions = await listSessions(userId, laptop);
    expect(sessions.map((s) => s.device).sort()).toEqual(['Firefox on Windows', 'Safari on iOS']);
    expect(sessions.find((s) => s.current)?.device).toBe('Firefox on Windows');
    expect(sessions.every((s) => s.lastUsedAt >= s.createdAt)).toBe(true);
  });

  it('refreshes last use on a request once it is older than the touch interval', async () => {
    const token = await tokenFor('sam@example.com', FIREFOX);
    const old = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS - 1000).toISOString();
    await getDb().updateTable('sessions').set({ last_used_at: old }).where('user_agent', '=', FIREFOX).execute();
    expect(await findSessionUser(token)).not.toBeNull();
    const rows = await getDb().selectFrom('sessions').select('last_used_at').where('user_agent', '=', FIREFOX).execute();
    expect(rows.some((row) => row.last_used_at > old)).toBe(true);
  });

  it('ends a session idle for longer than SESSION_IDLE_DAYS, though it has not expired', async () => {
    const token = await tokenFor('sam@example.com', SAFARI);
    const mine = getDb().selectFrom('sessions').select('id').where('token_hash', '=', hashSessionToken(token));
    await getDb()
      .updateTable('sessions')
      .set({ last_used_at: daysAgo(8) })
      .where('token_hash', '=', hashSessionToken(token))
      .execute();
    expect(await findSessionUser(token)).toBeNull();
    expect(await mine.execute()).toEqual([]);
  });

  it('prunes expired and idle sessions of every user at the next sign-in', async () => {
    const otherId = await createUser({ email: 'old@example.com', name: 'Old', password: 'session password', roleId: 'author' });
    await tokenFor('old@example.com', FIREFOX);
    await tokenFor('old@example.com', SAFARI);
    await getDb()
      .updateTable('sessions')
      .set({ expires_at: daysAgo(1) })
      .where('user_id', '=', otherId)
      .where('user_agent', '=', FIREFOX)
      .execute();
    await getDb()
      .updateTable('sessions')
      .set({ last_used_at: daysAgo(9) })
      .where('user_id', '=', otherId)
      .where('user_agent', '=', SAFARI)
      .execute();
    await tokenFor('sam@example.com', FIREFOX);
    expect(await getDb().selectFrom('sessions').select('id').where('user_id', '=', otherId).execute()).toEqual([]);
  });

  it('ends one session of one’s own, never another user’s', async () => {
    const samId = (await getDb().selectFrom('users').select('id').where('email', '=', 'sam@example.com').executeTakeFirstOrThrow()).id;
    const ownerId = await createUser({
      email: 'victim@example.com',
      name: 'Victim',
      password: 'session password',
      roleId: 'administrator',
    });
    const victimToken = await tokenFor('victim@example.com', FIREFOX);
    const [victimSession] = await listSessions(ownerId);
    expect((await endSession(samId, victimSession!.id)).ok).toBe(false);
    expect(await findSessionUser(victimToken)).not.toBeNull();
    expect((await endSession(ownerId, victimSession!.id)).ok).toBe(true);
    expect(await findSessionUser(victimToken)).toBeNull();
  });

  it('signs out of every other session and keeps the current one', async () => {
    const userId = await createUser({ email: 'many@example.com', name: 'Many', password: 'session password', roleId: 'editor' });
    const here = await tokenFor('many@example.com', FIREFOX);
    const elsewhere = [await tokenFor('many@example.com', SAFARI), await tokenFor('many@example.com', SAFARI)];
    expect(await endOtherSessions(userId, here)).toEqual({ ended: 2, tokensRevoked: 0 });
    expect(await findSessionUser(here)).not.toBeNull();
    for (const token of elsewhere) expect(await findSessionUser(token)).toBeNull();
    expect(await listSessions(userId, here)).toHaveLength(1);
  });
});
