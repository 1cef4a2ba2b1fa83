import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { parseJson } from '#app/lib/json.ts';
import { landingContentSchema } from '#app/schemas/landing.ts';
import { seedDatabase } from '#app/services/startup/seed.server.ts';
import { testDialects } from '#tests/support/databases.ts';

describe.each(testDialects)('seed on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('has the six published pages with real content naming the agency', async () => {
    const pages = await getDb().selectFrom('pages').selectAll().where('language', '=', 'en').orderBy('slug').execute();
    expect(pages.map((p) => p.slug)).toEqual(['about', 'cookie-policy', 'home', 'privacy-policy', 'services', 'terms-of-service']);
    for (const page of pages) {
      expect(page.status).toBe('published');
      expect(page.content).toContain('Atelier');
      expect(page.meta_description.length).toBeGreaterThan(50);
      expect(page.meta_keywords).toContain(',');
    }
    for (const legal of pages.filter((p) => p.slug.endsWith('-policy') || p.slug === 'terms-of-service')) {
      expect(legal.content).toMatch(/^## /m);
      expect(legal.content).toMatch(/^- /m);
    }
  });

  it('has the one published post with 156 views in two of the five categories', async () => {
    const db = getDb();
    const posts = await db.selectFrom('blog_posts').selectAll().where('language', '=', 'en').execute();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ status: 'published', views: 156, slug: 'getting-started-with-web-development' });
    const categories = await db.selectFrom('categories').select('name').orderBy('name').execute();
    expect(categories.map((c) => c.name)).toEqual(['Design', 'Mobile Development', 'Programming', 'Technology', 'Web Development']);
    const linked = await db
      .selectFrom('post_categories')
      .innerJoin('categories', 'categories.id', 'post_categories.category_id')
      .select('categories.name')
      .where('post_id', '=', posts[0]!.id)
      .execute();
    expect(linked.map((c) => c.name).sort()).toEqual(['Programming', 'Web Development']);
  });

  it('has the nine media items of the spec plus the app screenshot, two themes with the spec colours and fonts, and both menus', async () => {
    const db = getDb();
    expect(await db.selectFrom('media').select('id').execute()).toHaveLength(10);
    const themes = await db.selectFrom('themes').selectAll().orderBy('id').execute();
    expect(themes.map((t) => [t.id, t.name, t.is_active])).toEqual([
      ['default', 'Default Light', 1],
      ['modern-dark', 'Modern Dark', 0],
    ]);
    expect(parseJson(themes[0]!.settings, {})).toMatchObject({
      primaryColor: '#3B82F6',
      secondaryColor: '#10B981',
      backgroundColor: '#FFFFFF',
      textColor: '#1F2937',
      headingsColor: '#111827',
      headingsFont: 'Poppins',
      bodyFont: 'Inter',
      containerPadding: 32,
      sectionSpacing: 64,
    });
    expect(parseJson(themes[1]!.settings, {})).toMatchObject({
      primaryColor: '#60A5FA',
      secondaryColor: '#34D399',
      backgroundColor: '#111827',
      textColor: '#E5E7EB',
      headingsColor: '#F9FAFB',
    });
    const menu = await db
      .selectFrom('menu_items')
      .select(['title', 'path', 'location', 'sort_order'])
      .orderBy('location')
      .orderBy('sort_order')
      .execute();
    expect(menu.filter((m) => m.location === 'header').map((m) => [m.title, m.path, m.sort_order])).toEqual([
      ['Home', '#home', 0],
      ['About', '#about', 1],
      ['Services', '#services', 2],
      ['Blog', '/blog', 3],
      ['Contact', '#contact', 4],
    ]);
    expect(menu.filter((m) => m.location === 'footer').map((m) => m.path)).toEqual([
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
    ]);
  });

  it('has the four roles, contact details, social links and landing copy in English and French', async () => {
    const db = getDb();
    const roles = await db.selectFrom('roles').select(['id', 'permissions']).execute();
    expect(roles.map((r) => r.id).sort()).toEqual(['administrator', 'author', 'contributor', 'editor']);
    expect(parseJson<string[]>(roles.find((r) => r.id === 'administrator')!.permissions, [])).toHaveLength(12);
    const settings = Object.fromEntries(
      (await db.selectFrom('settings').select(['key', 'value']).execute()).map((s) => [s.key, JSON.parse(s.value)]),
    );
    expect(settings.contact).toMatchObject({ email: expect.stringContaining('@'), phone: expect.any(String), address: expect.any(String) });
    expect(Object.keys(settings.social).sort()).toEqual(['instagram', 'linkedin', 'twitter']);
    const landingRows = await db
      .selectFrom('landing_content')
      .select(['locale', 'published', 'draft', 'version'])
      .orderBy('locale')
      .execute();
    expect(landingRows.map((row) => [row.locale, row.draft, row.version])).toEqual([
      ['en', null, 1],
      ['fr', null, 1],
    ]);
    const landingCopy = Object.fromEntries(landingRows.map((row) => [row.locale, JSON.parse(row.published!)]));
    for (const locale of ['en', 'fr']) {
      const landing = landingContentSchema.parse(landingCopy[locale]);
      expect(landing.about.stats).toHaveLength(4);
      expect(landing.about.values).toHaveLength(4);
      expect(landing.services.items).toHaveLength(6);
      expect(landing.services.items.every((item) => item.features.length === 3)).toBe(true);
    }
    expect(landingCopy.fr.hero.title).not.toBe(landingCopy.en.hero.title);
  });

  it('has French translations of the About and Services pages and of the article, each in its English item’s group', async () => {
    const db = getDb();
    const french = await db.selectFrom('pages').selectAll().where('language', '=', 'fr').orderBy('slug').execute();
    expect(french.map((page) => page.slug)).toEqual(['a-propos', 'nos-services']);
    for (const page of french) {
      const source = await db.selectFrom('pages').selectAll().where('id', '=', page.translation_group).executeTakeFirstOrThrow();
      expect(source).toMatchObject({ language: 'en', translation_group: source.id });
      expect(page).toMatchObject({ status: 'published', source_revision: 1 });
    }
    const [post] = await db.selectFrom('blog_posts').selectAll().where('language', '=', 'fr').execute();
    expect(post).toMatchObject({ slug: 'premiers-pas-en-developpement-web', status: 'published', source_revision: 1 });
    const english = await db
      .selectFrom('blog_posts')
      .select(['id', 'slug'])
      .where('id', '=', post!.translation_group)
      .executeTakeFirstOrThrow();
    expect(english.slug).toBe('getting-started-with-web-development');
    const categories = await db.selectFrom('post_categories').select('category_id').where('post_id', '=', post!.id).execute();
    expect(categories).toHaveLength(2);
  });

  it('runs once: a second run changes nothing', async () => {
    const db = getDb();
    const count = async () => (await db.selectFrom('pages').select('id').execute()).length;
    const before = await count();
    expect(await seedDatabase(db)).toBe(false);
    expect(await count()).toBe(before);
  });
});
