import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { newId } from '#app/lib/ids.ts';
import { PERMISSIONS } from '#app/lib/permissions.ts';
import { findSessionUser } from '#app/services/auth/session-store.server.ts';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import { acceptInvitation, findInvitation, renewInvitation, revokeInvitation } from '#app/services/users/invitations.server.ts';
import { createInvitedUser, deleteUser, DUPLICATE_EMAIL_MESSAGE, listUsers, updateUser } from '#app/services/users/users.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

const STRONG = 'violet-harbour-42-kites';

describe.each(testDialects)('users on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('creates a pending user with a 7-day invitation of which only the hash is stored, and refuses a duplicate email', async () => {
    const admin = await makeActor('administrator', 'Ada');
    const created = await createInvitedUser(admin, { email: 'new.person@example.com', name: 'New Person', role: 'editor' });
    if (!created.ok) throw new Error('expected success');
    const row = await getDb()
      .selectFrom('users')
      .select(['status', 'password_hash'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', password_hash: null });
    const stored = await getDb().selectFrom('user_invitations').selectAll().where('user_id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(created.token);
    const days = (Date.parse(stored.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const again = await createInvitedUser(admin, { email: 'New.Person@example.com', name: 'Twin', role: 'author' });
    expect(again).toMatchObject({ ok: false, reason: 'invalid', fieldErrors: { email: [DUPLICATE_EMAIL_MESSAGE] } });
    const actions = await getDb().selectFrom('audit_log').select('action').where('target_id', '=', created.id).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['user.created', 'user.invited']);
  });

  it('lets the invitee set a strong password once, then sign in; a pending user cannot sign in', async () => {
    const admin = await makeActor('administrator');
    const created = await createInvitedUser(admin, { email: 'invitee@example.com', name: 'Invitee', role: 'author' });
    if (!created.ok) throw new Error('expected success');
    expect((await signIn({ email: 'invitee@example.com', password: STRONG, ip: '10.9.0.1' })).ok).toBe(false);
    expect(await acceptInvitation(created.token, 'short')).toMatchObject({
      ok: false,
      fieldErrors: { password: ['Password must be at least 12 characters'] },
    });
    expect(await acceptInvitation(created.token, 'password1234')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await acceptInvitation(created.token, STRONG)).toMatchObject({ ok: true });
    expect(await acceptInvitation(created.token, STRONG)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await findInvitation(created.token)).toBeUndefined();
    expect((await signIn({ email: 'invitee@example.com', password: STRONG, ip: '10.9.0.1' })).ok).toBe(true);
  });

  it('renews (old link dies) and revokes invitations; an expired link is refused', async () => {
    const admin = await makeActor('administrator');
    const created = await createInvitedUser(admin, { email: 'renew@example.com', name: 'Renew', role: 'author' });
    if (!created.ok) throw new Error('expected success');
    const renewed = await renewInvitation(admin, created.id);
    if (!renewed.ok) throw new Error('expected success');
    expect(await findInvitation(created.token)).toBeUndefined();
    expect(await findInvitation(renewed.token)).toMatchObject({ email: 'renew@example.com' });
    expect((await revokeInvitation(admin, created.id)).ok).toBe(true);
    expect(await findInvitation(renewed.token)).toBeUndefined();
    const third = await renewInvitation(admin, created.id);
    if (!third.ok) throw new Error('expected success');
    await getDb()
      .updateTable('user_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', created.id)
      .execute();
    expect(await acceptInvitation(third.token, STRONG)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('ends the sessions of a user made inactive at once, and an inactive user cannot sign in', async () => {
    const admin = await makeActor('administrator');
    const created = await createInvitedUser(admin, { email: 'leaver@example.com', name: 'Leaver', role: 'editor' });
    if (!created.ok) throw new Error('expected success');
    await acceptInvitation(created.token, STRONG);
    const session = await signIn({ email: 'leaver@example.com', password: STRONG, ip: '10.9.0.2' });
    if (!session.ok) throw new Error('expected success');
    expect(
      await updateUser(admin, created.id, { email: 'leaver@example.com', name: 'Leaver', role: 'editor', status: 'inactive' }),
    ).toEqual({ ok: true });
    expect(await findSessionUser(session.token)).toBeNull();
    expect(await getDb().selectFrom('sessions').select('id').where('user_id', '=', created.id).execute()).toEqual([]);
    expect((await signIn({ email: 'leaver@example.com', password: STRONG, ip: '10.9.0.2' })).ok).toBe(false);
  });

  it('guards: no self role change or self delete, no granting beyond one’s permissions, the last active administrator stays', async () => {
    await getDb().updateTable('users').set({ status: 'inactive' }).where('role_id', '=', 'administrator').execute();
    const admin = await makeActor('administrator', 'Only');
    const self = {
      email: (await getDb().selectFrom('users').select('email').where('id', '=', admin.id).executeTakeFirstOrThrow()).email,
      name: 'Only',
    };
    expect(await updateUser(admin, admin.id, { ...self, role: 'editor', status: 'active' })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(await deleteUser(admin, admin.id)).toMatchObject({ ok: false, reason: 'forbidden' });

    await getDb()
      .insertInto('roles')
      .values({
        id: 'people',
        name: 'People',
        description: '',
        permissions: JSON.stringify(['access_admin', 'manage_users']),
        created_at: '',
        updated_at: '',
      })
      .execute();
    const manager = {
      ...(await makeActor('contributor', 'Manager')),
      role: { id: 'people', permissions: ['access_admin', 'manage_users'] },
    };
    await getDb().updateTable('users').set({ role_id: 'people' }).where('id', '=', manager.id).execute();
    // Cannot grant a role with permissions it lacks, nor touch an administrator.
    expect(await createInvitedUser(manager, { email: 'boss@example.com', name: 'Boss', role: 'administrator' })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(await updateUser(manager, admin.id, { ...self, role: 'contributor', status: 'active' })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(await deleteUser(manager, admin.id)).toMatchObject({ ok: false, reason: 'forbidden' });
    expect((await createInvitedUser(manager, { email: 'helper@example.com', name: 'Helper', role: 'contributor' })).ok).toBe(true);

    // A second administrator may demote the first only while another active one remains.
    const second = await makeActor('administrator', 'Second');
    expect(await updateUser(second, admin.id, { ...self, role: 'editor', status: 'active' })).toEqual({ ok: true });
    expect(
      await updateUser(admin, second.id, {
        email: (await getDb().selectFrom('users').select('email').where('id', '=', second.id).executeTakeFirstOrThrow()).email,
        name: 'Second',
        role: 'administrator',
        status: 'inactive',
      }),
    ).toMatchObject({ ok: false, reason: 'forbidden' });
    const demoteAdminAsEditor = await updateUser(admin, second.id, {
      email: 'x@example.com',
      name: 'Second',
      role: 'editor',
      status: 'active',
    });
    expect(demoteAdminAsEditor).toMatchObject({ ok: false, reason: 'forbidden' });
    const thirdActor = { id: newId(), name: 'Ghost', role: { id: 'administrator', permissions: [...PERMISSIONS] } };
    expect(await deleteUser(thirdActor, second.id)).toMatchObject({
      ok: false,
      reason: 'forbidden',
      message: expect.stringContaining('last active administrator'),
    });
    const admins = await getDb()
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', 'administrator')
      .where('status', '=', 'active')
      .execute();
    expect(admins.map((a) => a.id)).toEqual([second.id]);
  });

  it('lists 10,000 users a screen at a time, searching name or email ignoring case, combined with the status filter, quickly', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: newId(),
      email: `bulk${i}@corp${i % 7}.example.com`,
      name: i % 1000 === 0 ? `Zebra Person ${i}` : `Bulk Person ${i}`,
      password_hash: null,
      role_id: 'author',
      status: (['active', 'inactive', 'pending'] as const)[i % 3]!,
      avatar: null,
      last_login_at: null,
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
      updated_at: '2024-01-01T00:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 500)
      await getDb()
        .insertInto('users')
        .values(rows.slice(i, i + 500))
        .execute();

    const started = performance.now();
    const first = await listUsers({ q: '', page: 1 });
    const zebras = await listUsers({ q: 'zEBRA', page: 1 });
    const activeZebras = await listUsers({ q: 'zebra', status: 'active', page: 1 });
    const byEmail = await listUsers({ q: '@CORP3.', status: 'pending', page: 2 });
    const last = await listUsers({ q: '', page: 100_000 });
    const elapsed = performance.now() - started;

    expect(first.items).toHaveLength(20);
    expect(first.total).toBeGreaterThan(10_000 - 1);
    expect(zebras.total).toBe(10);
    expect(zebras.items.every((u) => u.name.startsWith('Zebra'))).toBe(true);
    expect(activeZebras.items.every((u) => u.status === 'active' && u.name.startsWith('Zebra'))).toBe(true);
    expect(activeZebras.total).toBe(4);
    expect(byEmail.page).toBe(2);
    expect(byEmail.items.every((u) => u.status === 'pending' && u.email.includes('@corp3.'))).toBe(true);
    expect(last.page).toBe(last.pageCount);
    // Five screens of a 10,000-user table: generous headroom for a loaded machine.
    expect(elapsed).toBeLessThan(5000);
  });
});
