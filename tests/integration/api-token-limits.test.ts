import { createHash, randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as account from '#app/routes/admin/account.tsx';
import * as apiTokens from '#app/routes/admin/account/api-tokens.tsx';
import * as logoutOthers from '#app/routes/resources/logout-others.ts';
import { authenticateApiToken, MAX_ACTIVE_TOKENS } from '#app/services/auth/api-tokens.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];
const PASSWORD = 'a long enough password';
const DAY = 24 * 60 * 60 * 1000;

/** Stores a token as creation does (only its hash), `ageDays` old; answers the token itself. */
async function storedToken(userId: string, options: { ageDays?: number; revoked?: boolean; expired?: boolean } = {}) {
  const token = `atl_${randomBytes(32).toString('base64url')}`;
  const created = Date.now() - (options.ageDays ?? 0) * DAY;
  await getDb()
    .insertInto('api_tokens')
    .values({
      id: `tok-${randomBytes(6).toString('hex')}`,
      user_id: userId,
      name: `token ${randomBytes(3).toString('hex')}`,
      token_hash: createHash('sha256').update(token).digest('hex'),
      prefix: token.slice(0, 10),
      scopes: '["access_admin"]',
      created_at: new Date(created).toISOString(),
      expires_at: new Date(options.expired ? Date.now() - DAY : Date.now() + 30 * DAY).toISOString(),
      last_used_at: null,
      revoked_at: options.revoked ? new Date().toISOString() : null,
    })
    .execute();
  return token;
}

const tokenCount = async (userId: string) =>
  (await getDb().selectFrom('api_tokens').select('id').where('user_id', '=', userId).execute()).length;

describe.each(testDialects)('API tokens: creation, cap, listing and revocation on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  async function user(label: string) {
    const id = await createUser({ email: `${label}@example.com`, name: label, password: PASSWORD, roleId: 'editor' });
    return { id, cookie: await sessionCookieFor(id) };
  }
  const create = (cookie: string, form: Record<string, string>) =>
    callRoute(apiTokens.action as unknown as Handler, {
      path: '/admin/account/tokens',
      cookie,
      form: { intent: 'create', name: 'Script', scopes: 'access_admin', expiresInDays: '30', ...form },
    });

  it('asks for the current password to create a token: a session alone makes none', async () => {
    const { id, cookie } = await user('stolen-session');
    expect((await create(cookie, {})).status).toBe(400);
    expect((await create(cookie, { password: 'a guess' })).status).toBe(400);
    expect(await tokenCount(id)).toBe(0);
    expect((await create(cookie, { password: PASSWORD })).status).toBe(200);
    expect(await tokenCount(id)).toBe(1);
  });

  it(`holds at most ${MAX_ACTIVE_TOKENS} active tokens per user, even when requests race; revoked and expired ones do not count`, async () => {
    const { id, cookie } = await user('hoarder');
    for (let i = 0; i < MAX_ACTIVE_TOKENS - 1; i++) await storedToken(id);
    await storedToken(id, { revoked: true });
    await storedToken(id, { expired: true });
    const raced = await Promise.all(Array.from({ length: 5 }, () => create(cookie, { password: PASSWORD })));
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const refused = raced.find((answer) => answer.status === 409)!;
    expect(JSON.stringify(refused.data)).toContain(`You already have ${MAX_ACTIVE_TOKENS} active tokens, the most allowed.`);
    expect(await tokenCount(id)).toBe(MAX_ACTIVE_TOKENS + 2);
  });

  it('lists every token, page after page, active ones first (none is out of reach of Revoke)', async () => {
    const { id, cookie } = await user('collector');
    const oldest = await storedToken(id, { ageDays: 400, revoked: false });
    for (let i = 0; i < 229; i++) await storedToken(id, { ageDays: i % 300, revoked: i % 2 === 0, expired: i % 3 === 0 });
    const seen = new Set<string>();
    const statuses: string[] = [];
    const prefixes: string[] = [];
    let pages = 0;
    for (let page = 1; ; page++) {
      const loaded = await callRoute(apiTokens.loader as unknown as Handler, { path: `/admin/account/tokens?page=${page}`, cookie });
      const { tokens } = loaded.data as { tokens: { items: { id: string; prefix: string; status: string }[]; pageCount: number } };
      pages = tokens.pageCount;
      for (const token of tokens.items) {
        seen.add(token.id);
        statuses.push(token.status);
        prefixes.push(token.prefix);
      }
      if (page >= tokens.pageCount) break;
    }
    expect(pages).toBeGreaterThan(10);
    expect(seen.size).toBe(230);
    expect(prefixes).toContain(oldest.slice(0, 10));
    // Active tokens come first: none after the first revoked or expired one.
    const firstInactive = statuses.findIndex((status) => status !== 'active');
    expect(firstInactive).toBeGreaterThan(0);
    expect(statuses.slice(firstInactive)).not.toContain('active');
  });

  it('revokes every token when the password changes', async () => {
    const { id, cookie } = await user('changer');
    const token = await storedToken(id);
    expect(await authenticateApiToken(token)).not.toBeNull();
    const changed = await callRoute(account.action as unknown as Handler, {
      path: '/admin/account',
      cookie,
      form: { intent: 'password', current: PASSWORD, password: 'another-long-passphrase-9', confirm: 'another-long-passphrase-9' },
    });
    expect(changed.status).toBe(302);
    expect(await authenticateApiToken(token)).toBeNull();
    const [entry] = await getDb()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'token.revoked')
      .where('target_id', '=', id)
      .execute();
    expect(JSON.parse(entry!.details)).toEqual({ all: true, count: 1, reason: 'password changed' });
  });

  it('revokes them on “sign out of all other sessions” when asked to, and only then', async () => {
    const { id, cookie } = await user('leaver');
    const token = await storedToken(id);
    const signOut = (form: Record<string, string>) =>
      callRoute(logoutOthers.action as unknown as Handler, {
        path: '/logout/others',
        cookie,
        form: { redirectTo: '/admin/account', ...form },
      });
    expect((await signOut({})).status).toBe(302);
    expect(await authenticateApiToken(token)).not.toBeNull();
    const both = await signOut({ revokeTokens: 'on' });
    expect(both.status).toBe(302);
    expect(both.location).toBe('/admin/account');
    expect(await authenticateApiToken(token)).toBeNull();
  });
});
