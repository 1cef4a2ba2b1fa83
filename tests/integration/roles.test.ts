import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { PERMISSIONS } from '#app/lib/permissions.ts';
import * as roleEdit from '#app/routes/admin/users/role-edit.tsx';
import * as rolesScreen from '#app/routes/admin/users/roles.tsx';
import { findSessionUser } from '#app/services/auth/session-store.server.ts';
import { createSession } from '#app/services/auth/session-store.server.ts';
import { createRole, deleteRole, listRoles, roleIdFor, updateRole } from '#app/services/users/roles.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];
const editAction = roleEdit.action as unknown as Handler;
const listAction = rolesScreen.action as unknown as Handler;
const listLoader = rolesScreen.loader as unknown as Handler;

describe.each(testDialects)('roles on $name', (dialect) => {
  let cookie: string;
  let admin: Awaited<ReturnType<typeof makeActor>>;
  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator', 'Role Admin');
    cookie = await sessionCookieFor(admin.id);
  });
  afterAll(() => dialect.close());

  it('derives the id from the name, refuses a duplicate and an empty name, with the spec’s toasts', async () => {
    expect(roleIdFor('  Content  Lead ')).toBe('content_lead');
    const empty = await callRoute(editAction, { path: '/admin/users/roles/new', cookie, form: { name: ' ', description: '' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.data)).toContain('Role name is required');
    const made = await callRoute(editAction, {
      path: '/admin/users/roles/new',
      cookie,
      form: { name: 'Content Lead', description: 'Runs the blog', permissions: 'manage_posts' },
    });
    expect(made.status).toBe(302);
    expect(made.headers.get('Set-Cookie')).toContain('atelier_toast=');
    const dup = await callRoute(editAction, {
      path: '/admin/users/roles/new',
      cookie,
      form: { name: 'content lead', permissions: ['access_admin', 'manage_posts'] },
    });
    expect(dup.status).toBe(400);
    expect(JSON.stringify(dup.data)).toContain('A role with this name already exists');
    const forged = await callRoute(editAction, {
      path: '/admin/users/roles/new',
      cookie,
      form: { name: 'Forged', permissions: ['access_admin', 'be_god'] },
    });
    expect(forged.status).toBe(400);
    const role = (await listRoles()).find((r) => r.id === 'content_lead')!;
    expect(role).toMatchObject({ name: 'Content Lead', description: 'Runs the blog', permissions: ['manage_posts'], userCount: 0 });
    expect((await listRoles()).some((r) => r.id === 'forged')).toBe(false);
  });

  it('a permission change reaches holders on their next request; the administrator keeps every permission', async () => {
    await createRole(admin, { name: 'Helpers', description: '', permissions: ['access_admin'] });
    const helper = await makeActor('contributor', 'Helper');
    await getDb().updateTable('users').set({ role_id: 'helpers' }).where('id', '=', helper.id).execute();
    const { token } = await createSession(helper.id);
    expect((await findSessionUser(token))?.role?.permissions).toEqual(['access_admin']);
    expect(await updateRole(admin, 'helpers', { name: 'Helpers', description: '', permissions: ['access_admin', 'manage_media'] })).toEqual(
      { ok: true },
    );
    expect((await findSessionUser(token))?.role?.permissions).toEqual(['manage_media', 'access_admin']);

    expect(await updateRole(admin, 'administrator', { name: 'Administrator', description: 'All', permissions: [] })).toEqual({ ok: true });
    expect((await listRoles()).find((r) => r.id === 'administrator')?.permissions).toEqual([...PERMISSIONS]);
    expect(await deleteRole(admin, 'administrator', 'editor')).toMatchObject({ ok: false, reason: 'forbidden' });
  });

  it('grants only permissions one holds, and edits no role beyond them', async () => {
    const manager = {
      ...(await makeActor('contributor', 'Role Manager')),
      role: { id: 'x', permissions: ['access_admin', 'manage_roles', 'manage_posts'] },
    };
    expect(await createRole(manager, { name: 'Sneaky', description: '', permissions: ['access_admin', 'manage_users'] })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(await updateRole(manager, 'editor', { name: 'Editor', description: '', permissions: ['access_admin'] })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(await deleteRole(manager, 'editor', 'author')).toMatchObject({ ok: false, reason: 'forbidden' });
    expect((await createRole(manager, { name: 'Writers', description: '', permissions: ['access_admin', 'manage_posts'] })).ok).toBe(true);
  });

  it('deletes a held role only after moving its users, recording every change in the audit log', async () => {
    await createRole(admin, { name: 'Temp Crew', description: '', permissions: ['access_admin'] });
    const a = await makeActor('contributor', 'Crew A');
    const b = await makeActor('contributor', 'Crew B');
    await getDb().updateTable('users').set({ role_id: 'temp_crew' }).where('id', 'in', [a.id, b.id]).execute();

    const refused = await callRoute(listAction, { path: '/admin/users/roles', cookie, form: { intent: 'delete', id: 'temp_crew' } });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      result: { status: 'error', error: { '': ['This role is held by 2 users. Move them to another role first.'] } },
    });
    const moved = await callRoute(listAction, {
      path: '/admin/users/roles',
      cookie,
      form: { intent: 'delete', id: 'temp_crew', moveTo: 'author' },
    });
    expect(moved.status).toBe(302);
    const roles = await getDb().selectFrom('users').select('role_id').where('id', 'in', [a.id, b.id]).execute();
    expect(roles.map((r) => r.role_id)).toEqual(['author', 'author']);
    const audit = await getDb()
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', 'in', ['role.deleted', 'user.updated'])
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'role.deleted', target_id: 'temp_crew' },
        { action: 'user.updated', target_id: a.id },
        { action: 'user.updated', target_id: b.id },
      ]),
    );
    const created = await getDb().selectFrom('audit_log').select('action').where('target_id', '=', 'content_lead').execute();
    expect(created.map((r) => r.action)).toContain('role.created');
  });

  it('lists roles with descriptions, permission names and holder counts, and shows stored markup as text', async () => {
    await createRole(admin, {
      name: '<img src=x onerror=alert(1)>',
      description: '<script>alert(1)</script>',
      permissions: ['access_admin'],
    });
    const answer = await callRoute(listLoader, { path: '/admin/users/roles', cookie });
    const { roles } = answer.data as { roles: { id: string; userCount: number; permissions: string[] }[] };
    expect(roles[0]!.id).toBe('administrator');
    expect(roles.find((r) => r.id === 'author')!.userCount).toBeGreaterThanOrEqual(2);
    expect(roles.find((r) => r.id === '<img_src=x_onerror=alert(1)>')).toBeDefined();
  });
});
