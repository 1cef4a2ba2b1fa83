import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { receiveUpload } from '#app/http/receive-upload.server.ts';
import { landingContentSchema } from '#app/schemas/landing.ts';
import { getContactSettings, saveContactSettings } from '#app/services/contact/contact-settings.server.ts';
import { defaultLanding } from '#app/services/landing/default-landing.ts';
import { getLandingForEdit, saveLanding } from '#app/services/landing/landing-admin.server.ts';
import { deleteMediaAs, updateMedia } from '#app/services/media/media-library.server.ts';
import { applyMessageAction } from '#app/services/messages/messages.server.ts';
import { listRevisions, restoreRevision } from '#app/services/themes/theme-history.server.ts';
import { uploadTheme } from '#app/services/themes/theme-upload.server.ts';
import { createThemeFromPreset, exportTheme, getTheme, saveTheme } from '#app/services/themes/themes.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { multipartBody, png } from '#tests/support/uploads.ts';

loadTestEnv();

type Actor = Awaited<ReturnType<typeof makeActor>>;

const entries = (action: string) =>
  getDb()
    .selectFrom('audit_log')
    .select(['actor_id', 'target_type', 'target_id', 'target_label', 'details'])
    .where('action', '=', action)
    .execute();

async function message(subject: string) {
  const id = `msg-${Math.random().toString(36).slice(2, 10)}`;
  await getDb()
    .insertInto('messages')
    .values({
      id,
      first_name: 'Vera',
      last_name: 'Visitor',
      email: 'vera@example.com',
      phone: '',
      subject,
      message: 'Hello',
      status: 'unread',
      ip: '',
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

async function uploadPng(name: string, uploadedBy: string) {
  const { boundary, body } = multipartBody([{ name, type: 'image/png', data: await png(64, 48) }]);
  return receiveUpload(body, boundary, 10_000_000, { uploadedBy });
}

const rowCount = async (table: 'themes' | 'media' | 'messages') =>
  Number(
    (
      await getDb()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(testDialects)('changes the audit log used to miss, on $name', (dialect) => {
  let admin: Actor;
  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator', 'Audra');
  });
  afterAll(() => dialect.close());

  it('records theme creations, uploads, saves and restores, with who made them', async () => {
    const created = await createThemeFromPreset(admin, { name: 'Audited Dusk', preset: 'dark' });
    if (!created.ok) throw new Error('not created');
    const theme = (await getTheme(created.id))!;
    const saved = await saveTheme(admin, theme.id, {
      name: theme.name,
      version: theme.version,
      settings: { ...theme.settings, primaryColor: '#aa3300' },
      sections: theme.sections,
    });
    expect(saved.ok).toBe(true);
    const first = (await listRevisions(theme.id)).find((revision) => revision.version === 1)!;
    expect((await restoreRevision(admin, theme.id, first.id, theme.version + 1)).ok).toBe(true);
    const exported = await exportTheme(theme.id);
    if (!exported.ok) throw new Error('not exported');
    const uploaded = await uploadTheme(admin, { name: 'Brought In.json', bytes: new TextEncoder().encode(exported.json) });
    if (!uploaded.ok) throw new Error('not uploaded');

    expect(await entries('theme.created')).toEqual([
      { actor_id: admin.id, target_type: 'theme', target_id: created.id, target_label: 'Audited Dusk', details: '{}' },
    ]);
    expect(await entries('theme.saved')).toEqual([
      {
        actor_id: admin.id,
        target_type: 'theme',
        target_id: theme.id,
        target_label: 'Audited Dusk',
        details: JSON.stringify({ version: 2 }),
      },
    ]);
    expect(await entries('theme.restored')).toEqual([
      {
        actor_id: admin.id,
        target_type: 'theme',
        target_id: theme.id,
        target_label: 'Audited Dusk',
        details: JSON.stringify({ version: 3, restoredFrom: 1 }),
      },
    ]);
    expect(await entries('theme.uploaded')).toEqual([
      { actor_id: admin.id, target_type: 'theme', target_id: uploaded.id, target_label: 'Brought In', details: '{}' },
    ]);
  });

  it('records landing copy and Contact settings, the contact e-mail’s old and new address included', async () => {
    const content = landingContentSchema.parse(structuredClone(defaultLanding.fr));
    const { version } = await getLandingForEdit('fr');
    expect((await saveLanding(admin, { lang: 'fr', content, version, publish: true })).ok).toBe(true);
    expect(await entries('landing.updated')).toEqual([
      { actor_id: admin.id, target_type: 'landing', target_id: 'fr', target_label: 'Landing page (fr)', details: '{"state":"published"}' },
    ]);
    const before = await getContactSettings();
    expect((await saveContactSettings(admin, { ...before, email: 'elsewhere@attacker.example' })).ok).toBe(true);
    const [contact] = await entries('contact.updated');
    expect(contact).toMatchObject({ actor_id: admin.id, target_id: 'contact' });
    expect(JSON.parse(contact!.details)).toEqual({ fields: ['email'], email: { from: before.email, to: 'elsewhere@attacker.example' } });
  });

  it('records media uploads, edits and deletions, and message deletions', async () => {
    const [item] = await uploadPng('evidence.png', admin.id);
    expect(await entries('media.uploaded')).toEqual([
      {
        actor_id: admin.id,
        target_type: 'media',
        target_id: item!.id,
        target_label: 'evidence.png',
        details: JSON.stringify({ type: 'image/png', size: item!.fileSize }),
      },
    ]);
    expect((await updateMedia(admin, item!.id, { title: 'Evidence', description: '', alt: 'A chart', tags: [] })).ok).toBe(true);
    expect(await entries('media.updated')).toEqual([
      { actor_id: admin.id, target_type: 'media', target_id: item!.id, target_label: 'Evidence', details: '{}' },
    ]);
    expect(await deleteMediaAs(admin, [item!.id])).toEqual({ ok: true, deleted: 1 });
    expect(await entries('media.deleted')).toEqual([
      { actor_id: admin.id, target_type: 'media', target_id: item!.id, target_label: 'evidence.png', details: '{}' },
    ]);
    const ids = [await message('First'), await message('Second')];
    expect(await applyMessageAction(admin, 'delete', ids)).toEqual({ ok: true, count: 2 });
    const deleted = await entries('message.deleted');
    expect(deleted.map((entry) => entry.target_id).sort()).toEqual([...ids].sort());
    expect(deleted.map((entry) => entry.target_label).sort()).toEqual(['vera@example.com: First', 'vera@example.com: Second']);
    expect(deleted.every((entry) => entry.actor_id === admin.id)).toBe(true);
  });

  it('writes each entry in the transaction of its change: when the entry cannot be written, nothing changes', async () => {
    const db = getDb();
    const theme = (await getTheme('default'))!;
    const contactBefore = await getContactSettings();
    const [item] = await uploadPng('keep.png', admin.id);
    const keptMessage = await message('Keep me');
    const counts = { themes: await rowCount('themes'), media: await rowCount('media'), messages: await rowCount('messages') };
    const landingOf = () => db.selectFrom('landing_content').selectAll().where('locale', '=', 'en').executeTakeFirst();
    const landingBefore = await landingOf();
    const landingVersion = (await getLandingForEdit('en')).version;

    await sql`alter table audit_log rename to audit_log_away`.execute(db);
    try {
      const changes: [string, () => Promise<unknown>][] = [
        ['new theme', () => createThemeFromPreset(admin, { name: 'Never', preset: 'default' })],
        ['theme upload', () => uploadTheme(admin, { name: 'Never.json', bytes: new TextEncoder().encode('{"styles":{}}') })],
        [
          'theme save',
          () => saveTheme(admin, theme.id, { name: 'Renamed', version: theme.version, settings: theme.settings, sections: theme.sections }),
        ],
        [
          'landing copy',
          () =>
            saveLanding(admin, {
              lang: 'en',
              content: landingContentSchema.parse(structuredClone(defaultLanding.fr)),
              version: landingVersion,
              publish: true,
            }),
        ],
        ['contact', () => saveContactSettings(admin, { ...contactBefore, email: 'never@example.com' })],
        ['media upload', () => uploadPng('never.png', admin.id)],
        ['media edit', () => updateMedia(admin, item!.id, { title: 'Never', description: '', alt: '', tags: [] })],
        ['media delete', () => deleteMediaAs(admin, [item!.id])],
        ['message delete', () => applyMessageAction(admin, 'delete', [keptMessage])],
      ];
      for (const [label, change] of changes) {
        await expect(change(), label).rejects.toThrow();
      }
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(db);
    }
    expect({ themes: await rowCount('themes'), media: await rowCount('media'), messages: await rowCount('messages') }).toEqual(counts);
    expect((await getTheme(theme.id))!).toMatchObject({ name: theme.name, version: theme.version });
    expect(await getContactSettings()).toEqual(contactBefore);
    expect(await landingOf()).toEqual(landingBefore);
    expect((await db.selectFrom('media').select('title').where('id', '=', item!.id).executeTakeFirstOrThrow()).title).toBe(item!.title);
  });
});
