import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { withoutSearchVector } from '#app/db/full-text.server.ts';
import { knownMigrations, migrateToLatest } from '#app/db/migrate.server.ts';
import { action as mediaAction, loader as mediaLoader } from '#app/routes/admin/media.tsx';
import { loader as homeLoader } from '#app/routes/site/home.tsx';
import { findImageByUrl } from '#app/services/media/media-by-url.server.ts';
import { listMedia, updateMedia } from '#app/services/media/media-library.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

const BEFORE_MEDIA_TRANSLATIONS = knownMigrations().filter((name) => name < '0240');
const SCREENSHOT = '/media/seed/app-screenshot.png';
const TEAM = '/media/seed/team-photo.jpg';

type Call = Parameters<typeof callRoute>[0];

describe.each(testDialects)('media alt text and description per language on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  let cookie: string;

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    cookie = await sessionCookieFor(admin.id);
  });
  afterAll(() => dialect.close());

  async function itemAt(url: string) {
    return (await listMedia({ pageSize: 100 })).items.find((item) => item.url === url)!;
  }

  /** Edit Media as the dialog posts it: the item's own fields, plus `extra`. */
  async function edit(url: string, extra: Record<string, string>) {
    const item = await itemAt(url);
    const form = {
      intent: 'update',
      id: item.id,
      title: item.title,
      description: item.description,
      alt: item.alt,
      tags: item.tags.join(', '),
    };
    return callRoute(mediaAction as unknown as Call, { path: '/admin/media', cookie, form: { ...form, ...extra } });
  }

  it('seeds the photos with French alt text, and answers each language its own, else the default one in its language', async () => {
    expect((await itemAt(SCREENSHOT)).translations).toEqual({ fr: { alt: "Le tableau de bord d'une application réalisée par Atelier" } });
    expect(await findImageByUrl(SCREENSHOT, 'fr')).toMatchObject({
      alt: "Le tableau de bord d'une application réalisée par Atelier",
      altLanguage: 'fr',
    });
    expect(await findImageByUrl(SCREENSHOT, 'en')).toMatchObject({ alt: 'A dashboard of an app built by Atelier', altLanguage: 'en' });
    expect((await findImageByUrl(SCREENSHOT))?.alt).toBe('A dashboard of an app built by Atelier');
    // The logo has no French alt text: a French page gets the English one, saying it is English.
    expect(await findImageByUrl('/media/seed/company-logo.svg', 'fr')).toMatchObject({ alt: 'Atelier logo', altLanguage: 'en' });
  });

  it('saves the French alt text and description from Edit Media; empty fields clear them, a form without them keeps them', async () => {
    const saved = await edit(TEAM, { 'translations.fr.alt': '  L’équipe au travail  ', 'translations.fr.description': 'Photo de groupe' });
    expect(saved.status).toBe(302);
    expect((await itemAt(TEAM)).translations).toEqual({ fr: { alt: 'L’équipe au travail', description: 'Photo de groupe' } });
    expect((await itemAt(TEAM)).alt).toBe('The Atelier team in the studio');

    // Only the description left: the French alt text is the default one again.
    await edit(TEAM, { 'translations.fr.alt': '', 'translations.fr.description': 'Photo de groupe' });
    expect((await itemAt(TEAM)).translations).toEqual({ fr: { description: 'Photo de groupe' } });
    expect(await findImageByUrl(TEAM, 'fr')).toMatchObject({ alt: 'The Atelier team in the studio', altLanguage: 'en' });

    // A form that did not show the French fields keeps them; one that showed them all empty clears them.
    await edit(TEAM, {});
    expect((await itemAt(TEAM)).translations).toEqual({ fr: { description: 'Photo de groupe' } });
    await edit(TEAM, { 'translations.fr.alt': '', 'translations.fr.description': '' });
    expect((await itemAt(TEAM)).translations).toEqual({});
  });

  it('refuses a French alt text that is too long with a clear message, changing nothing', async () => {
    await edit(TEAM, { 'translations.fr.alt': 'Une équipe' });
    const before = await itemAt(TEAM);
    const refused = await edit(TEAM, { title: 'Changed', 'translations.fr.alt': 'x'.repeat(501) });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain('Alt text must be at most 500 characters');
    const after = await itemAt(TEAM);
    expect(after.translations).toEqual({ fr: { alt: 'Une équipe' } });
    expect(after.title).toBe(before.title);
    expect(after.lastModified).toBe(before.lastModified);
  });

  it('gives the edit dialog the default language, and the service keeps translations an edit does not mention', async () => {
    const listed = await callRoute(mediaLoader as unknown as Call, { path: '/admin/media', cookie });
    expect((listed.data as { defaultLanguage: string }).defaultLanguage).toBe('en');
    const item = await itemAt(SCREENSHOT);
    await updateMedia(admin, item.id, { title: item.title, description: item.description, alt: item.alt, tags: item.tags });
    expect((await itemAt(SCREENSHOT)).translations.fr?.alt).toBe("Le tableau de bord d'une application réalisée par Atelier");
  });

  it('shows the hero image with the alt text of the page’s language, else the default one marked with its language', async () => {
    const heroImage = async (path: string) =>
      ((await callRoute(homeLoader as unknown as Call, { path })).data as { heroImage: { alt: string; altLanguage?: string } }).heroImage;
    expect(await heroImage('/')).toMatchObject({ alt: 'A dashboard of an app built by Atelier', altLanguage: undefined });
    expect(await heroImage('/fr')).toMatchObject({
      alt: "Le tableau de bord d'une application réalisée par Atelier",
      altLanguage: undefined,
    });

    await edit(SCREENSHOT, { 'translations.fr.alt': 'Un tableau de bord', 'translations.fr.description': '' });
    expect((await heroImage('/fr')).alt).toBe('Un tableau de bord');
    await edit(SCREENSHOT, { 'translations.fr.alt': '', 'translations.fr.description': '' });
    expect(await heroImage('/fr')).toMatchObject({ alt: 'A dashboard of an app built by Atelier', altLanguage: 'en' });
  });
});

describe.each(testDialects)('media translations migration on $name', (dialect) => {
  afterEach(() => dialect.close());

  it('keeps every media item as it was, with no translations yet', async () => {
    await dialect.open({ migrations: BEFORE_MEDIA_TRANSLATIONS });
    const db = getDb();
    const now = '2026-11-01T10:00:00.000Z';
    await sql`insert into media (id, title, description, type, mime_type, storage_key, url, original_name, file_size, width, height, alt, tags, variants, uploaded_by, created_at, updated_at)
      values ('m1', 'Photo — é', 'Une description', 'image', 'image/png', 'a/photo.png', '/media/a/photo.png', 'photo.png', 1234, 640, 480, 'Alt ✓', '["x"]', '[]', null, ${now}, ${now})`.execute(
      db,
    );
    const before = (await sql<Record<string, unknown>>`select * from media`.execute(db)).rows;

    expect(await migrateToLatest(db)).toContain('0240-media-translations');
    const after = (await sql<Record<string, unknown>>`select * from media`.execute(db)).rows;
    // Later migrations' columns aside (0260: PostgreSQL's stored search words).
    expect(after.map((row) => withoutSearchVector(row)).map(({ translations: _translations, ...rest }) => rest)).toEqual(before);
    expect(after.map((row) => row.translations)).toEqual(['{}']);
  });
});
