import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { menuItemSchema } from '#app/schemas/menu.ts';
import { advancedSettingsSchema, generalSettingsSchema } from '#app/schemas/settings.ts';
import { saveTwoFactorPolicy } from '#app/services/auth/two-factor-policy.server.ts';
import { getBackupSettings, saveBackupSettings } from '#app/services/backup/backup-schedule.server.ts';
import { CONTACT_KEYS, getContactSettings, saveContactSettings } from '#app/services/contact/contact-settings.server.ts';
import type { Result } from '#app/services/failures.ts';
import { createMenuItem, listMenuItems, reorderMenu, updateMenuItem } from '#app/services/menus/menus.server.ts';
import { getAdvancedSettings, getSiteSettings, saveAdvancedSettings, saveSiteSettings } from '#app/services/settings/settings.server.ts';
import { settingsVersion } from '#app/services/settings/settings-store.server.ts';
import { getRole, roleVersion, updateRole } from '#app/services/users/roles.server.ts';
import { getUser, updateUser, userVersion } from '#app/services/users/users.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

type Actor = Awaited<ReturnType<typeof makeActor>>;

const refusedAsStale = (what: string) => ({
  ok: false,
  reason: 'conflict',
  message: `${what} changed by someone else since you opened it. Your changes have not been saved.`,
});

/**
 * Two administrators open the same form (the same version), both save: the first is kept, the second is refused
 * with the conflict message, and the stored state is the first one's (nothing lost silently).
 */
async function twoStaleSaves<T>(options: {
  version: () => Promise<string>;
  first: (version: string) => Promise<Result>;
  second: (version: string) => Promise<Result>;
  stored: () => Promise<T>;
  what: string;
}): Promise<T> {
  const opened = await options.version();
  expect(await options.first(opened)).toMatchObject({ ok: true });
  expect(await options.second(opened)).toEqual(refusedAsStale(options.what));
  // Reloaded, the second one may save.
  expect(await options.second(await options.version())).toMatchObject({ ok: true });
  return options.stored();
}

describe.each(testDialects)('no silent overwrite of shared forms on $name', (dialect) => {
  let admin: Actor;
  let other: Actor;
  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator', 'Ann Admin');
    other = await makeActor('administrator', 'Bob Admin');
  });
  afterAll(() => dialect.close());

  it('Settings → General: the second save from the same version is refused, the first kept', async () => {
    const general = async (siteName: string) => generalSettingsSchema.parse({ ...(await getSiteSettings()), siteName });
    let afterFirst = '';
    await twoStaleSaves({
      version: () => settingsVersion(['site']),
      first: async (version) => saveSiteSettings(admin, await general('Ann’s name'), version),
      second: async (version) => {
        afterFirst ||= (await getSiteSettings()).siteName;
        return saveSiteSettings(other, await general('Bob’s name'), version);
      },
      stored: getSiteSettings,
      what: 'These settings were',
    });
    expect(afterFirst).toBe('Ann’s name');
  });

  it('Settings → Advanced and Backups: the same', async () => {
    await twoStaleSaves({
      version: () => settingsVersion(['advanced']),
      first: (version) => saveAdvancedSettings(admin, advancedSettingsSchema.parse({ cacheTtl: '900' }), version),
      second: (version) => saveAdvancedSettings(other, advancedSettingsSchema.parse({ cacheTtl: '300' }), version),
      stored: getAdvancedSettings,
      what: 'These settings were',
    });
    const opened = await settingsVersion(['backups']);
    expect(await saveBackupSettings(admin, { schedule: 'daily', keep: 3 }, opened)).toMatchObject({ ok: true });
    expect(await saveBackupSettings(other, { schedule: 'off', keep: 9 }, opened)).toEqual(refusedAsStale('These settings were'));
    expect(await getBackupSettings()).toEqual({ schedule: 'daily', keep: 3 });
  });

  it('Settings → Security (two-factor requirement): the same', async () => {
    const opened = await settingsVersion(['two_factor_policy']);
    expect(await saveTwoFactorPolicy(admin, { requiredFor: 'manage_users' }, opened)).toMatchObject({ ok: true });
    expect(await saveTwoFactorPolicy(other, { requiredFor: '' }, opened)).toEqual(refusedAsStale('These settings were'));
  });

  it('Contact settings: the same', async () => {
    const base = await getContactSettings();
    const opened = await settingsVersion(CONTACT_KEYS);
    expect(await saveContactSettings(admin, { ...base, phone: '+33 1 00 00 00 01' }, opened)).toMatchObject({ ok: true });
    expect(await saveContactSettings(other, { ...base, phone: '+33 1 00 00 00 02' }, opened)).toEqual(
      refusedAsStale('These settings were'),
    );
    expect((await getContactSettings()).phone).toBe('+33 1 00 00 00 01');
  });

  it('a role: the same', async () => {
    const opened = await roleVersion('author');
    const role = (await getRole('author'))!;
    const form = { name: role.name, description: role.description, permissions: role.permissions as never };
    expect(await updateRole(admin, 'author', { ...form, description: 'Ann’s words' }, opened)).toMatchObject({ ok: true });
    expect(await updateRole(other, 'author', { ...form, description: 'Bob’s words' }, opened)).toEqual(refusedAsStale('This role was'));
    expect((await getRole('author'))!.description).toBe('Ann’s words');
  });

  it('a user: the same', async () => {
    const target = await makeActor('contributor', 'Carl');
    const user = (await getUser(target.id))!;
    const form = { name: user.name, email: user.email, role: user.role_id, status: 'active' as const };
    const opened = await userVersion(target.id);
    expect(await updateUser(admin, target.id, { ...form, name: 'Carl A' }, opened)).toMatchObject({ ok: true });
    expect(await updateUser(other, target.id, { ...form, name: 'Carl B' }, opened)).toEqual(refusedAsStale('This user was'));
    expect((await getUser(target.id))!.name).toBe('Carl A');
  });

  it('a menu item and a menu’s order: the same', async () => {
    const item = (title: string) => menuItemSchema.parse({ location: 'footer', title, linkType: 'url', url: 'https://example.com/' });
    const made = await createMenuItem(admin, item('Shared link'));
    const extra = await createMenuItem(admin, item('Other link'));
    if (!made.ok || !extra.ok) throw new Error('menu items not made');
    const opened = (await listMenuItems('footer')).find((entry) => entry.id === made.id)!.version;
    expect(await updateMenuItem(admin, made.id, item('Ann’s link'), opened)).toMatchObject({ ok: true });
    expect(await updateMenuItem(other, made.id, item('Bob’s link'), opened)).toEqual(refusedAsStale('This menu item was'));
    const reloaded = (await listMenuItems('footer')).find((entry) => entry.id === made.id)!;
    expect(reloaded.title).toBe('Ann’s link');
    expect(await updateMenuItem(other, made.id, item('Bob’s link'), reloaded.version)).toMatchObject({ ok: true });

    // Two people move items from the same order: the second move, made from an order that is no longer stored, is refused.
    const seen = (await listMenuItems('footer')).map((entry) => ({ id: entry.id, parentId: entry.parentId }));
    const reversed = [...seen].reverse();
    expect(await reorderMenu(admin, { location: 'footer', order: reversed, from: seen })).toMatchObject({ ok: true });
    const rotated = [...seen.slice(1), seen[0]!];
    expect(await reorderMenu(other, { location: 'footer', order: rotated, from: seen })).toEqual(refusedAsStale('The menu order was'));
    expect((await listMenuItems('footer')).map((entry) => entry.id)).toEqual(reversed.map((entry) => entry.id));
  });

  it('twenty pairs of simultaneous saves from one version: exactly one of each pair is kept, never a silent loss', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const opened = await settingsVersion(['advanced']);
      // Both differ from whatever the last trial stored (a save of exactly the stored state would lose nothing).
      const ttls = [300, 900, 1800];
      const [mine, theirs] = [ttls[trial % 3]!, ttls[(trial + 1) % 3]!];
      const results = await Promise.all([
        saveAdvancedSettings(admin, advancedSettingsSchema.parse({ cacheTtl: String(mine), debugMode: 'on' }), opened),
        saveAdvancedSettings(other, advancedSettingsSchema.parse({ cacheTtl: String(theirs), hideViewCounts: 'on' }), opened),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const stored = await getAdvancedSettings();
      if (results[0]!.ok) expect(stored).toMatchObject({ cacheTtl: mine, debugMode: true, hideViewCounts: false });
      else expect(stored).toMatchObject({ cacheTtl: theirs, debugMode: false, hideViewCounts: true });
    }
  });
});
