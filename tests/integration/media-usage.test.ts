import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { up as createMediaUsageTable } from '#app/db/migrations/0072-media-usage.ts';
import { receiveUpload } from '#app/http/receive-upload.server.ts';
import type { MediaItem } from '#app/lib/media-item.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { generalSettingsSchema } from '#app/schemas/settings.ts';
import { getLandingForEdit, saveLanding } from '#app/services/landing/landing-admin.server.ts';
import { deleteMedia, listMedia } from '#app/services/media/media-library.server.ts';
import { refreshAllMediaUsage } from '#app/services/media/media-usage.server.ts';
import { createPage, deletePage, trashPage, updatePage } from '#app/services/pages/pages.server.ts';
import { createPost } from '#app/services/posts/posts.server.ts';
import { getSiteSettings, saveSiteSettings } from '#app/services/settings/settings.server.ts';
import { createThemeFromPreset, deleteTheme, getTheme, saveTheme } from '#app/services/themes/themes.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { multipartBody, png } from '#tests/support/uploads.ts';

loadTestEnv();

/** What the library showed for the starter content before "used in" became a lookup (the scan's answer). */
const SEEDED_USED_IN: Record<string, string[]> = {
  '/media/seed/app-screenshot.png': ['Hero Section'],
  '/media/seed/company-logo.svg': ['Header', 'Footer'],
  '/media/seed/hero-photo.jpg': ['Blog post “Getting Started with Web Development”', 'Blog post “Premiers pas en développement web”'],
  '/media/seed/icon-design.svg': [],
  '/media/seed/icon-mobile.svg': [],
  '/media/seed/icon-web.svg': [],
  '/media/seed/social-github.svg': [],
  '/media/seed/social-linkedin.svg': [],
  '/media/seed/social-twitter.svg': [],
  '/media/seed/team-photo.jpg': [],
};

async function usedInByUrl(): Promise<Record<string, string[]>> {
  const { items } = await listMedia({ pageSize: 100 }, { withUsedIn: true });
  return Object.fromEntries(items.map((item) => [item.url, item.usedIn]));
}

async function upload(name: string): Promise<MediaItem> {
  const { boundary, body } = multipartBody([{ name, type: 'image/png', data: await png(1400, 900) }]);
  return (await receiveUpload(body, boundary, 25 * 1024 * 1024))[0]!;
}

describe.each(testDialects)('media usage on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator', 'Usage Admin');
  });
  afterAll(() => dialect.close());

  it('shows for the starter content exactly what the scan showed', async () => {
    expect(await usedInByUrl()).toEqual(SEEDED_USED_IN);
  });

  it('is kept by every writer in its transaction: pages, posts, landing copy and drafts, themes, logo and favicon', async () => {
    const card = await upload('card.png');
    const chart = await upload('chart.png');
    const cover = await upload('cover.png');
    const background = await upload('background.png');
    const icon = await upload('icon.png');

    const page = await createPage(
      admin,
      pageFormSchema.parse({
        title: 'Usage page',
        slug: 'usage-page',
        status: 'draft',
        ogImage: card.url,
        // A variant's address in Markdown, followed by sentence punctuation.
        content: `![chart](${chart.variants[0]!.url}). See ${card.url}.`,
      }),
    );
    if (!page.ok) throw new Error('page not created');
    const category = (await getDb().selectFrom('categories').select('id').executeTakeFirstOrThrow()).id;
    const post = await createPost(
      { ...admin, name: admin.name },
      postFormSchema.parse({
        title: 'Usage post',
        slug: 'usage-post',
        content: `<img src="${chart.url}" srcset="${chart.variants[0]!.url} 640w, ${chart.variants[1]!.url} 1280w">`,
        excerpt: 'Short',
        status: 'draft',
        categories: [category],
        featuredImage: cover.url,
      }),
    );
    if (!post.ok) throw new Error('post not created');

    const theme = await createThemeFromPreset(ADMIN, { name: 'Usage theme', preset: 'default' });
    if (!theme.ok) throw new Error('theme not created');
    const stored = (await getTheme(theme.id))!;
    expect(
      await saveTheme(ADMIN, theme.id, {
        name: 'Usage theme',
        version: stored.version,
        settings: stored.settings,
        sections: { about: { css: `.card { background: url('${background.url}'); }`, settings: { backgroundImage: background.url } } },
      }),
    ).toMatchObject({ ok: true });

    // The French copy is published with the card as its hero; a draft of the English one uses the chart.
    const fr = await getLandingForEdit('fr');
    expect(
      await saveLanding(admin, {
        lang: 'fr',
        content: { ...fr.content, hero: { ...fr.content.hero, image: card.url } },
        version: fr.version,
        publish: true,
      }),
    ).toMatchObject({ ok: true });
    const en = await getLandingForEdit('en');
    const aboutWithChart = { ...en.content.about, description: `Our office: ${chart.url}` };
    expect(
      await saveLanding(admin, { lang: 'en', content: { ...en.content, about: aboutWithChart }, version: en.version, publish: false }),
    ).toMatchObject({
      ok: true,
    });

    const site = await getSiteSettings();
    expect(await saveSiteSettings(ADMIN, generalSettingsSchema.parse({ ...site, showSiteName: 'on', favicon: icon.url }))).toEqual({
      ok: true,
    });

    let usedIn = await usedInByUrl();
    expect(usedIn[card.url]).toEqual(['Hero Section', 'Page “Usage page”']);
    expect(usedIn[chart.url]).toEqual(['About Section', 'Blog post “Usage post”', 'Page “Usage page”']);
    expect(usedIn[cover.url]).toEqual(['Blog post “Usage post”']);
    expect(usedIn[background.url]).toEqual(['Theme “Usage theme”']);
    expect(usedIn[icon.url]).toEqual(['Favicon']);
    expect(usedIn['/media/seed/company-logo.svg']).toEqual(['Header', 'Footer']);

    // Changes and deletions are followed: a page edited, trashed (still used) and deleted; a theme deleted.
    expect(
      await updatePage(admin, page.id, {
        ...pageFormSchema.parse({
          title: 'Usage page',
          slug: 'usage-page',
          status: 'draft',
          content: `![chart](${chart.url})`,
        }),
        version: 1,
      }),
    ).toMatchObject({ ok: true });
    usedIn = await usedInByUrl();
    expect(usedIn[card.url]).toEqual(['Hero Section']);
    expect(usedIn[chart.url]).toContain('Page “Usage page”');
    expect((await trashPage(admin, page.id)).ok).toBe(true);
    expect((await usedInByUrl())[chart.url]).toContain('Page “Usage page”');
    expect((await deletePage(admin, page.id)).ok).toBe(true);
    expect((await deleteTheme(ADMIN, theme.id)).ok).toBe(true);
    usedIn = await usedInByUrl();
    expect(usedIn[chart.url]).toEqual(['About Section', 'Blog post “Usage post”']);
    expect(usedIn[background.url]).toEqual([]);

    // Deleting a media item takes its usage rows with it.
    expect(await deleteMedia([cover.id])).toBe(1);
    expect(await getDb().selectFrom('media_usage').select('media_id').where('media_id', '=', cover.id).execute()).toEqual([]);
  });

  it('is a lookup, not a scan: text written around the writers is not searched for addresses', async () => {
    const hidden = await upload('hidden.png');
    // Straight into the table, as no screen writes: a scan of the content would find the address.
    await getDb()
      .updateTable('pages')
      .set({ content: `![x](${hidden.url})` })
      .where('slug', '=', 'about')
      .execute();
    expect((await usedInByUrl())[hidden.url]).toEqual([]);
  });

  it('is filled by its migration from existing content exactly as the writers fill it', async () => {
    const db = getDb();
    const rows = () =>
      db
        .selectFrom('media_usage')
        .select(['media_id', 'ref_kind', 'ref_id', 'place'])
        .orderBy(['media_id', 'ref_kind', 'ref_id', 'place'])
        .execute();
    await refreshAllMediaUsage(db);
    const byWriters = await rows();
    expect(byWriters.length).toBeGreaterThan(5);
    // A database made before the table existed: the migration reads the content and fills it.
    await db.schema.dropTable('media_usage').execute();
    await createMediaUsageTable(db as Kysely<unknown>);
    expect(await rows()).toEqual(byWriters);
  });
});
