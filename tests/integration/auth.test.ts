import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { deleteSession, findSessionUser } from '#app/services/auth/session-store.server.ts';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import { createUser, UserInputError } from '#app/services/users/create-user.server.ts';
import { ensureFirstAdmin } from '#app/services/users/first-admin.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

describe.each(testDialects)('authentication on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('creates the first administrator once, with a generated password when none is set', async () => {
    const first = await ensureFirstAdmin({ email: 'Boss@Example.com' });
    expect(first.created).toBe(true);
    expect(first.generatedPassword!.length).toBeGreaterThanOrEqual(20);
    const row = await getDb().selectFrom('users').selectAll().where('email', '=', 'boss@example.com').executeTakeFirstOrThrow();
    expect(row.role_id).toBe('administrator');
    expect(row.status).toBe('active');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await ensureFirstAdmin({ email: 'other@example.com', password: 'password-123' })).toEqual({ created: false });
    const signedIn = await signIn({ email: 'boss@example.com', password: first.generatedPassword!, ip: '10.0.0.1' });
    expect(signedIn.ok).toBe(true);
  });

  it('signs in with the right password and resolves the role', async () => {
    await createUser({ email: 'ed@example.com', name: 'Ed', password: 'correct horse', roleId: 'editor' });
    const result = await signIn({ email: ' ED@example.com ', password: 'correct horse', ip: '10.0.0.2' });
    if (!result.ok) throw new Error('expected success');
    const user = await findSessionUser(result.token);
    expect(user).toMatchObject({ email: 'ed@example.com', role: { id: 'editor' } });
    expect(hasPermission(user, 'publish_posts')).toBe(true);
    expect(hasPermission(user, 'manage_users')).toBe(false);
    const stored = await getDb().selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(result.token);
    const lastLogin = await getDb()
      .selectFrom('users')
      .select('last_login_at')
      .where('email', '=', 'ed@example.com')
      .executeTakeFirstOrThrow();
    expect(lastLogin.last_login_at).not.toBeNull();
    await deleteSession(result.token);
    expect(await findSessionUser(result.token)).toBeNull();
  });

  it('refuses a wrong password or an unknown email the same way', async () => {
    expect(await signIn({ email: 'ed@example.com', password: 'wrong', ip: '10.0.0.3' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await signIn({ email: 'nobody@example.com', password: 'wrong', ip: '10.0.0.3' })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('ends sessions of users who are no longer active, expired, or whose role is unknown', async () => {
    const id = await createUser({ email: 'temp@example.com', name: 'Temp', password: 'temp password', roleId: 'contributor' });
    const result = await signIn({ email: 'temp@example.com', password: 'temp password', ip: '10.0.0.4' });
    if (!result.ok) throw new Error('expected success');
    const db = getDb();
    await db.updateTable('users').set({ role_id: 'ghost' }).where('id', '=', id).execute();
    const orphan = await findSessionUser(result.token);
    expect(orphan?.role).toBeNull();
    expect(hasPermission(orphan, 'access_admin')).toBe(false);
    await db.updateTable('users').set({ status: 'inactive' }).where('id', '=', id).execute();
    expect(await findSessionUser(result.token)).toBeNull();
    await db.updateTable('users').set({ status: 'active' }).where('id', '=', id).execute();
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .execute();
    expect(await findSessionUser(result.token)).toBeNull();
  });

  it('refuses a duplicate email or an unknown role with a clear error', async () => {
    await expect(createUser({ email: 'ED@example.com', name: 'Dup', password: 'x', roleId: 'editor' })).rejects.toThrow(UserInputError);
    await expect(createUser({ email: 'new@example.com', name: 'New', password: 'x', roleId: 'king' })).rejects.toThrow(
      'Unknown role "king"',
    );
  });
});
