import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { knownMigrations, migrateToLatest } from '#app/db/migrate.server.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import {
  confirmPageTranslation,
  createPage,
  getPage,
  listPages,
  pageTranslations,
  translatePage,
  updatePage,
} from '#app/services/pages/pages.server.ts';
import { getPublishedPage, listPublishedPages } from '#app/services/pages/public-pages.server.ts';
import { createPost, getPost, listPosts, postTranslations, translatePost } from '#app/services/posts/posts.server.ts';
import { getPublishedPost, listPublishedPosts } from '#app/services/posts/public-posts.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

const BEFORE_LANGUAGES = knownMigrations().filter((name) => name < '0150');

const pageInput = (overrides: Record<string, string> = {}) =>
  pageFormSchema.parse({ title: 'A page', slug: 'a-page', content: 'Some **content**', status: 'draft', ...overrides });

describe.each(testDialects)('content languages migration on $name', (dialect) => {
  afterEach(() => dialect.close());

  /** Rows as the previous migrations' code wrote them: no language, one slug index. */
  async function writeOldContent(siteLanguage: string) {
    const db = getDb();
    const now = '2026-11-01T10:00:00.000Z';
    await sql`insert into settings (key, value, updated_at) values ('site', ${JSON.stringify({ siteName: 'Old', language: siteLanguage })}, ${now})`.execute(
      db,
    );
    for (const [id, slug, status] of [
      ['p1', 'about', 'published'],
      ['p2', 'draft-page', 'draft'],
      ['p3', 'about', 'trash'],
    ])
      await sql`insert into pages (id, title, slug, content, status, meta_description, meta_keywords, og_image, publish_date, version, created_at, updated_at)
        values (${id}, ${`Title ${id} — é ✓`}, ${slug}, ${`Body of ${id}\n\n**bold**`}, ${status}, 'desc', 'k1, k2', null, ${now}, 3, ${now}, ${now})`.execute(
        db,
      );
    await sql`insert into blog_posts (id, title, slug, content, excerpt, status, featured_image, author_id, author_name, tags, meta_title, meta_description, meta_keywords, publish_date, views, version, created_at, updated_at)
      values ('b1', 'Post', 'hello', 'Post body', 'Excerpt', 'published', null, null, 'Someone', '["a"]', 'Meta', 'desc', 'k', ${now}, 42, 7, ${now}, ${now})`.execute(
      db,
    );
  }

  it('moves every page and post into the default language, each its own group, without changing anything else', async () => {
    await dialect.open({ migrations: BEFORE_LANGUAGES });
    await writeOldContent('en');
    const db = getDb();
    const pagesBefore = await sql<Record<string, unknown>>`select * from pages order by id`.execute(db);
    const postsBefore = await sql<Record<string, unknown>>`select * from blog_posts order by id`.execute(db);

    expect(await migrateToLatest(db)).toContain('0150-content-languages');

    const pagesAfter = await sql<Record<string, unknown>>`select * from pages order by id`.execute(db);
    const postsAfter = await sql<Record<string, unknown>>`select * from blog_posts order by id`.execute(db);
    expect(pagesAfter.rows).toHaveLength(3);
    for (const [index, before] of pagesBefore.rows.entries()) {
      expect(pagesAfter.rows[index]).toMatchObject({ ...before, language: 'en', translation_group: before.id, source_revision: null });
    }
    expect(postsAfter.rows[0]).toMatchObject({ ...postsBefore.rows[0], language: 'en', translation_group: 'b1', source_revision: null });

    // The slug is unique per language now: a French row may take "about", a second live English one may not.
    const now = '2026-11-02T10:00:00.000Z';
    const insert = (id: string, language: string, group: string) =>
      sql`insert into pages (id, title, slug, content, status, meta_description, meta_keywords, og_image, publish_date, version, created_at, updated_at, language, translation_group)
        values (${id}, 'T', 'about', 'C', 'draft', '', '', null, null, 1, ${now}, ${now}, ${language}, ${group})`.execute(db);
    await insert('p4', 'fr', 'p1');
    await expect(insert('p5', 'en', 'p5')).rejects.toThrow();
    // And one translation per language in a group.
    await expect(
      sql`insert into pages (id, title, slug, content, status, meta_description, meta_keywords, og_image, publish_date, version, created_at, updated_at, language, translation_group)
        values ('p6', 'T', 'autre', 'C', 'draft', '', '', null, null, 1, ${now}, ${now}, 'fr', 'p1')`.execute(db),
    ).rejects.toThrow();
  });

  it('uses the site’s default language when it is French', async () => {
    await dialect.open({ migrations: BEFORE_LANGUAGES });
    await writeOldContent('fr');
    await migrateToLatest(getDb());
    const languages = await sql<{
      language: string;
    }>`select distinct language from pages union select distinct language from blog_posts`.execute(getDb());
    expect(languages.rows.map((row) => row.language)).toEqual(['fr']);
  });
});

describe.each(testDialects)('translations on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  let author: Awaited<ReturnType<typeof makeActor>>;

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    author = await makeActor('author');
  });
  afterAll(() => dialect.close());

  it('starts a translation as a draft copy of the default-language fields, in the same group, with the source’s version', async () => {
    const created = await createPage(
      admin,
      pageInput({ title: 'Team', slug: 'team', content: 'We are **six**.', status: 'published', metaDescription: 'About us' }),
    );
    if (!created.ok) throw new Error('create failed');
    const translated = await translatePage(admin, created.id, 'fr');
    if (!translated.ok) throw new Error(`translate failed: ${JSON.stringify(translated)}`);
    const copy = (await getPage(translated.id))!;
    expect(copy).toMatchObject({
      language: 'fr',
      translation_group: created.id,
      source_revision: 1,
      title: 'Team',
      slug: 'team',
      content: 'We are **six**.',
      meta_description: 'About us',
      status: 'draft',
      publish_date: null,
      version: 1,
    });
    // Its own slug and status: publishing the French one at /fr/equipe leaves the English one alone.
    const saved = await updatePage(
      admin,
      translated.id,
      pageInput({ title: 'Équipe', slug: 'equipe', content: 'Nous sommes six.', status: 'published', version: '1' }) as never,
    );
    expect(saved.ok).toBe(true);
    expect((await getPublishedPage('equipe', 'fr'))?.title).toBe('Équipe');
    expect(await getPublishedPage('equipe', 'en')).toBeNull();
    expect((await getPublishedPage('team'))?.title).toBe('Team');
    // A second "Translate" into French is refused; so are the default language and an unknown one.
    expect(await translatePage(admin, created.id, 'fr')).toMatchObject({ ok: false, reason: 'conflict' });
    expect(await translatePage(admin, created.id, 'en')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await translatePage(admin, created.id, 'xx')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await translatePage(admin, 'no-such-page', 'fr')).toMatchObject({ ok: false, reason: 'not-found' });
    // Listed from either row.
    const fromFrench = await pageTranslations(translated.id);
    expect(fromFrench).toEqual([
      expect.objectContaining({ language: 'en', id: created.id, status: 'published', isSource: true, outdated: false }),
      expect.objectContaining({
        language: 'fr',
        id: translated.id,
        slug: 'equipe',
        status: 'published',
        outdated: false,
        sourceRevision: 1,
      }),
    ]);
  });

  it('keeps slugs unique per language: two languages may share one, one language may not use it twice', async () => {
    const first = await createPage(admin, pageInput({ title: 'Shared', slug: 'shared-slug' }));
    if (!first.ok) throw new Error('create failed');
    const french = await translatePage(admin, first.id, 'fr');
    expect(french.ok && (await getPage(french.id))?.slug).toBe('shared-slug');
    const other = await createPage(admin, pageInput({ title: 'Other', slug: 'other-slug' }));
    if (!other.ok) throw new Error('create failed');
    const otherFrench = await translatePage(admin, other.id, 'fr');
    if (!otherFrench.ok) throw new Error('translate failed');
    const clash = await updatePage(admin, otherFrench.id, { ...pageInput({ title: 'Autre', slug: 'shared-slug' }), version: 1 });
    expect(clash).toMatchObject({ ok: false, reason: 'invalid', fieldErrors: { slug: [expect.stringContaining('shared-slug')] } });
    // A translation started where its slug is taken in that language gets the next free one.
    const third = await createPage(admin, pageInput({ title: 'Third', slug: 'other-slug-x' }));
    if (!third.ok || !otherFrench.ok) throw new Error('create failed');
    await updatePage(admin, otherFrench.id, { ...pageInput({ title: 'Autre', slug: 'other-slug-x' }), version: 1 });
    const thirdFrench = await translatePage(admin, third.id, 'fr');
    expect(thirdFrench.ok && (await getPage(thirdFrench.id))?.slug).toBe('other-slug-x-2');
    // A language code is the prefix of its site, never a page's slug.
    expect(await createPage(admin, pageInput({ slug: 'fr' }))).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('marks a translation outdated when its source changes, until it is confirmed up to date', async () => {
    const created = await createPage(admin, pageInput({ title: 'Pricing', slug: 'pricing', status: 'published' }));
    if (!created.ok) throw new Error('create failed');
    const french = await translatePage(admin, created.id, 'fr');
    if (!french.ok) throw new Error('translate failed');
    const frenchState = async () => (await pageTranslations(created.id))!.find((entry) => entry.language === 'fr')!;
    expect((await frenchState()).outdated).toBe(false);

    await updatePage(admin, created.id, {
      ...pageInput({ title: 'Pricing', slug: 'pricing', content: 'New prices', status: 'published' }),
      version: 1,
    });
    expect(await frenchState()).toMatchObject({ outdated: true, sourceRevision: 1 });
    const listed = await listPages({ trash: false, search: 'Pricing', page: 1 });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ id: created.id, translations: { en: 'published', fr: 'outdated' } });

    // Saving the translation alone does not say it follows the source: confirming does, without moving its version.
    const confirmed = await confirmPageTranslation(admin, french.id);
    expect(confirmed).toMatchObject({ ok: true, sourceRevision: 2 });
    expect(await frenchState()).toMatchObject({ outdated: false, sourceRevision: 2 });
    expect((await getPage(french.id))!.version).toBe(1);
    // The source itself is never "confirmed"; someone who may not edit pages may not confirm.
    expect(await confirmPageTranslation(admin, created.id)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await confirmPageTranslation(author, french.id)).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(await translatePage(author, created.id, 'fr')).toMatchObject({ ok: false, reason: 'forbidden' });
  });

  it('lists one row per item with its state in each language, and filters what is missing in French', async () => {
    const all = await listPages({ trash: false, search: '', page: 1 });
    // The seeded French pages are not rows of their own.
    expect(all.items.every((item) => item.language === 'en')).toBe(true);
    const about = all.items.find((item) => item.slug === 'about')!;
    expect(about.translations).toEqual({ en: 'published', fr: 'published' });
    const privacy = all.items.find((item) => item.slug === 'privacy-policy')!;
    expect(privacy.translations).toEqual({ en: 'published', fr: 'missing' });
    const missing = await listPages({ trash: false, search: '', page: 1, missing: 'fr' });
    const slugs = missing.items.map((item) => item.slug);
    expect(slugs).toContain('privacy-policy');
    expect(slugs).not.toContain('about');
    expect(slugs).not.toContain('services');
  });

  it('translates a post with its categories, and keeps each language’s public list and article apart', async () => {
    const [seeded] = (await listPosts(admin, { trash: false, search: '', categoryIds: [], page: 1 })).items;
    expect(seeded).toMatchObject({ slug: 'getting-started-with-web-development', translations: { en: 'published', fr: 'published' } });
    const english = await listPublishedPosts({ page: 1 });
    const french = await listPublishedPosts({ page: 1, language: 'fr' });
    expect(english.items.map((post) => post.slug)).toEqual(['getting-started-with-web-development']);
    expect(french.items.map((post) => post.slug)).toEqual(['premiers-pas-en-developpement-web']);
    expect(await getPublishedPost('premiers-pas-en-developpement-web')).toBeNull();
    expect((await getPublishedPost('premiers-pas-en-developpement-web', 'fr'))?.title).toBe('Premiers pas en développement web');
    expect((await listPublishedPages('fr')).map((page) => page.slug)).toEqual(['a-propos', 'equipe', 'nos-services']);

    const categories = await getDb().selectFrom('categories').select('id').limit(1).execute();
    const post = postFormSchema.parse({
      title: 'Release notes',
      slug: 'release-notes',
      content: 'Body',
      excerpt: 'Short',
      status: 'draft',
      categories: categories.map((category) => category.id),
    });
    const created = await createPost({ ...author, name: 'Author' }, post);
    if (!created.ok) throw new Error('create failed');
    const translated = await translatePost(author, created.id, 'fr');
    if (!translated.ok) throw new Error(`translate failed: ${JSON.stringify(translated)}`);
    const copy = (await getPost(translated.id))!;
    expect(copy).toMatchObject({
      language: 'fr',
      translation_group: created.id,
      excerpt: 'Short',
      author_id: author.id,
      views: 0,
      status: 'draft',
    });
    expect(copy.categoryIds).toEqual(categories.map((category) => category.id));
    expect((await postTranslations(created.id))!.map((entry) => entry.status)).toEqual(['draft', 'draft']);
  });
});
