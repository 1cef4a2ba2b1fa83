import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { requireApiPermission,requireApiToken } from '#app/http/api-auth.server.ts';
import { loader as meLoader } from '#app/routes/resources/api-me.ts';
import { authenticateApiToken, createApiToken, listApiTokens, revokeApiToken } from '#app/services/auth/api-tokens.server.ts';
import { findSessionUser } from '#app/services/auth/session-store.server.ts';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

const PASSWORD = 'a long enough password';

async function sessionUser(email: string, roleId: string) {
  await createUser({ email, name: email.split('@')[0]!, password: PASSWORD, roleId });
  const result = await signIn({ email, password: PASSWORD, ip: '192.0.2.50' });
  if (!result.ok) throw new Error('sign-in refused');
  return (await findSessionUser(result.token))!;
}

const bearer = (token: string) => new Request('http://localhost/api/v1/me', { headers: { Authorization: `Bearer ${token}` } });

/** What a thrown react-router `data()` carries: its status and body. */
async function thrownBy(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  const init = thrown as { init?: { status?: number }; data?: unknown };
  return { status: init.init?.status ?? 0, body: init.data };
}

describe.each(testDialects)('personal API tokens on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('is shown once, stored only as a hash, and answers /api/v1/me with the user and its scopes', async () => {
    const editor = await sessionUser('tok-editor@example.com', 'editor');
    const created = await createApiToken({
      user: editor,
      token: { name: 'Deploy script', scopes: ['manage_posts', 'access_admin'], expiresInDays: 30 },
      password: PASSWORD,
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.token).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    const row = await getDb().selectFrom('api_tokens').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const response = (await meLoader({ request: bearer(created.token), params: {}, context: {} } as never)) as unknown as { data: unknown };
    expect(response.data).toEqual({
      user: { id: editor.id, email: 'tok-editor@example.com', name: 'tok-editor', role: { id: 'editor', name: 'Editor' } },
      scopes: ['manage_posts', 'access_admin'],
      permissions: ['manage_posts', 'access_admin'],
    });
    const [listed] = (await listApiTokens(editor.id)).items;
    expect(listed).toMatchObject({ name: 'Deploy script', status: 'active', prefix: created.token.slice(0, 10) });
    expect(listed!.lastUsedAt).not.toBeNull();
    const log = await getDb().selectFrom('audit_log').select('action').where('actor_id', '=', editor.id).execute();
    expect(log.map((entry) => entry.action)).toContain('token.created');
  });

  it('offers only scopes the holder has, and checks the name, scopes and expiry', async () => {
    const author = await sessionUser('tok-author@example.com', 'author');
    const refused = await createApiToken({
      user: author,
      token: { name: 'Too much', scopes: ['manage_users'], expiresInDays: 7 },
      password: PASSWORD,
    });
    expect(refused).toMatchObject({ ok: false, reason: 'invalid' });
    expect((await listApiTokens(author.id)).items).toEqual([]);
    const { apiTokenSchema } = await import('#app/schemas/api-token.ts');
    const issues = apiTokenSchema.safeParse({ name: ' ', scopes: ['root'], expiresInDays: '5' });
    expect(issues.success).toBe(false);
    expect(issues.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['expiresInDays', 'name', 'password', 'scopes']);
    expect(apiTokenSchema.safeParse({ name: 'ok', scopes: [], expiresInDays: '30', password: 'x' }).success).toBe(false);
  });

  it('acts within its scopes and never beyond what the user holds now', async () => {
    const admin = await sessionUser('tok-admin@example.com', 'administrator');
    const created = await createApiToken({
      user: admin,
      token: { name: 'Users bot', scopes: ['manage_users', 'manage_posts'], expiresInDays: 90 },
      password: PASSWORD,
    });
    if (!created.ok) throw new Error('refused');
    expect((await requireApiPermission(bearer(created.token), 'manage_users')).user.id).toBe(admin.id);
    expect(await thrownBy(requireApiPermission(bearer(created.token), 'manage_settings'))).toMatchObject({
      status: 403,
      body: { error: 'insufficient_scope' },
    });
    // Demoted to author: the token keeps only what the role still holds.
    await getDb().updateTable('users').set({ role_id: 'author' }).where('id', '=', admin.id).execute();
    const actor = await authenticateApiToken(created.token);
    expect(actor?.scopes).toEqual(['manage_users', 'manage_posts']);
    expect(actor?.permissions).toEqual(['manage_posts']);
    expect(actor?.user.role?.permissions).toEqual(['manage_posts']);
    expect(await thrownBy(requireApiPermission(bearer(created.token), 'manage_users'))).toMatchObject({ status: 403 });
    // Deactivated: nothing.
    await getDb().updateTable('users').set({ status: 'inactive' }).where('id', '=', admin.id).execute();
    expect(await authenticateApiToken(created.token)).toBeNull();
  });

  it('answers 401 in JSON for a missing, malformed, unknown, expired or revoked token', async () => {
    const editor = await sessionUser('tok-life@example.com', 'editor');
    const created = await createApiToken({
      user: editor,
      token: { name: 'Short', scopes: ['access_admin'], expiresInDays: 7 },
      password: PASSWORD,
    });
    if (!created.ok) throw new Error('refused');
    expect(await thrownBy(requireApiToken(new Request('http://localhost/api/v1/me')))).toMatchObject({
      status: 401,
      body: { error: 'invalid_token' },
    });
    expect(await thrownBy(requireApiToken(bearer('atl_not-a-real-token')))).toMatchObject({ status: 401 });
    const basic = new Request('http://localhost/api/v1/me', { headers: { Authorization: `Basic ${created.token}` } });
    expect(await thrownBy(requireApiToken(basic))).toMatchObject({ status: 401 });

    const eightDaysOn = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(await authenticateApiToken(created.token, eightDaysOn)).toBeNull();
    expect((await listApiTokens(editor.id, 1, eightDaysOn)).items[0]?.status).toBe('expired');

    const other = await sessionUser('tok-other@example.com', 'editor');
    expect(await revokeApiToken({ user: other, tokenId: created.id })).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await authenticateApiToken(created.token)).not.toBeNull();
    expect(await revokeApiToken({ user: editor, tokenId: created.id })).toEqual({ ok: true });
    expect(await authenticateApiToken(created.token)).toBeNull();
    expect(await thrownBy(requireApiToken(bearer(created.token)))).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    expect((await listApiTokens(editor.id)).items[0]?.status).toBe('revoked');
    expect(await revokeApiToken({ user: editor, tokenId: created.id })).toMatchObject({ ok: false, reason: 'not-found' });
    const log = await getDb().selectFrom('audit_log').select('action').where('actor_id', '=', editor.id).execute();
    expect(log.map((entry) => entry.action)).toContain('token.revoked');
  });
});
