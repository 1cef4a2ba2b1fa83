import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { down, up } from '#app/db/migrations/0067-one-theme-model.ts';
import * as oneHistory from '#app/db/migrations/0145-theme-revisions-in-revisions.ts';
import { nowIso } from '#app/lib/ids.ts';
import { getTheme } from '#app/services/themes/themes.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

const columns = async () => (await getDb().introspection.getTables()).find((table) => table.name === 'themes')!.columns.map((c) => c.name);

describe.each(testDialects)('migration 0067 (one theme model) on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('moves what only styles held into the settings, renames the old variables in kept CSS, and drops the dead columns', async () => {
    const db = getDb();
    const admin = await makeActor('administrator');
    const raw = db as unknown as Kysely<unknown>;
    // Back to the schema 0067 ran on: theme versions in their own table.
    await oneHistory.down(raw);
    await down(raw);
    expect(await columns()).toEqual(expect.arrayContaining(['styles', 'templates', 'thumbnail']));
    // A theme written before the editor's settings: its look was in styles, its settings name only a link colour.
    const now = nowIso();
    const hero = { css: '.theme-button{background:var(--site-primary-strong);color:var(--site-on-primary)}', html: '' };
    await sql`insert into themes (id, name, description, thumbnail, is_active, styles, templates, settings, data, version, created_at, updated_at)
      values ('old-theme', 'Old', '', '/themes/old.svg', 0,
        ${JSON.stringify({ colors: { primary: '#aa0000', background: '#fffff0' }, fonts: { heading: 'serif' }, spacing: { sectionSpacing: '3rem' } })},
        '{}', ${JSON.stringify({ linkColor: '#0000aa', backgroundColor: '#ffffff' })}, ${JSON.stringify({ hero })}, 1, ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into theme_revisions (id, theme_id, version, name, settings, data, saved_by, created_at)
      values ('old-revision', 'old-theme', 1, 'Old', '{}', ${JSON.stringify({ hero })}, null, ${now})`.execute(db);
    await sql`insert into theme_drafts (user_id, theme_id, name, settings, data, updated_at)
      values (${admin.id}, 'old-theme', 'Old', '{}', ${JSON.stringify({ hero })}, ${now})`.execute(db);
    const seeded = (await getTheme('default'))!;

    await up(raw);
    await oneHistory.up(raw);

    for (const gone of ['styles', 'templates', 'thumbnail']) expect(await columns()).not.toContain(gone);
    const old = (await getTheme('old-theme'))!;
    expect(old.dataError).toBe(false);
    // Settings the row held win (they are what the site showed); what only styles held is kept.
    expect(old.settings).toMatchObject({
      linkColor: '#0000aa',
      backgroundColor: '#ffffff',
      primaryColor: '#aa0000',
      headingsFont: 'serif',
      sectionSpacing: 48,
    });
    const renamed = '.theme-button{background:var(--theme-primary-strong);color:var(--theme-on-primary)}';
    expect(old.sections.hero.css).toBe(renamed);
    // The kept version moved into the one history of every content kind (0145), as the theme's original version.
    const revision = await db
      .selectFrom('revisions')
      .select(['state', 'published', 'version'])
      .where('item_kind', '=', 'theme')
      .where('item_id', '=', 'old-theme')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(revision.state)).toMatchObject({ name: 'Old', sections: { hero: { css: renamed } } });
    expect(revision).toMatchObject({ version: 1, published: 1 });
    const draft = await db.selectFrom('theme_drafts').select('data').where('user_id', '=', admin.id).executeTakeFirstOrThrow();
    expect(JSON.parse(draft.data).hero.css).toBe(renamed);
    // The seeded themes read exactly as before.
    expect((await getTheme('default'))!.settings).toEqual(seeded.settings);
  });
});
