import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { action as contactAction } from '#app/routes/admin/contact.tsx';
import { action as categoriesAction } from '#app/routes/admin/editorial/categories.ts';
import { action as settingsAction } from '#app/routes/admin/settings.tsx';
import { action as viewAction } from '#app/routes/resources/post-view.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { getContactSettings } from '#app/services/contact/contact-settings.server.ts';
import { countPages, createPage, recentPublishedPages, translatePage } from '#app/services/pages/pages.server.ts';
import { listCategories, nameCategory } from '#app/services/posts/categories.server.ts';
import { translatePost } from '#app/services/posts/posts.server.ts';
import { getPublishedPost, listPublishedPosts } from '#app/services/posts/public-posts.server.ts';
import { getSiteSettings } from '#app/services/settings/settings.server.ts';
import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** POST /blog/:slug/view as the article's script sends it. */
async function postView(slug: string, id: string, address: string) {
  const request = new Request(`http://localhost/blog/${slug}/view`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': FIREFOX },
    body: new URLSearchParams({ id }).toString(),
  });
  const result = await viewAction({ request, params: { slug }, context: { clientIp: address } } as unknown as Parameters<
    typeof viewAction
  >[0]);
  return { status: result.init?.status ?? 200, views: (result.data as { views: number | null }).views };
}

describe.each(testDialects)('content in every language on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
  });
  afterAll(() => dialect.close());

  it('counts views of a French article at its French slug, on its own row; a new translation starts at none', async () => {
    const db = getDb();
    const french = await db
      .selectFrom('blog_posts')
      .select(['id', 'slug', 'views', 'translation_group'])
      .where('slug', '=', 'premiers-pas-en-developpement-web')
      .executeTakeFirstOrThrow();
    const english = await db
      .selectFrom('blog_posts')
      .select(['id', 'slug', 'views'])
      .where('id', '=', french.translation_group)
      .executeTakeFirstOrThrow();
    const before = Number(french.views);
    expect(await postView(french.slug, french.id, '203.0.113.7')).toEqual({ status: 200, views: before + 1 });
    const after = await db
      .selectFrom('blog_posts')
      .select('views')
      .where('id', 'in', [french.id, english.id])
      .orderBy('language')
      .execute();
    expect(after.map((row) => Number(row.views))).toEqual([Number(english.views), before + 1]);
    // The English slug with the French id names no article.
    expect((await postView(english.slug, french.id, '203.0.113.8')).status).toBe(404);

    // Translating an article with views: the translation's count is its own, from zero.
    await db.updateTable('blog_posts').set({ views: 40 }).where('id', '=', english.id).execute();
    await db.deleteFrom('post_categories').where('post_id', '=', french.id).execute();
    await db.deleteFrom('blog_posts').where('id', '=', french.id).execute();
    const made = await translatePost(admin, english.id, 'fr');
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(Number((await db.selectFrom('blog_posts').select('views').where('id', '=', made.id).executeTakeFirstOrThrow()).views)).toBe(0);
    await db.updateTable('blog_posts').set({ status: 'published', slug: french.slug }).where('id', '=', made.id).execute();
  });

  it('the dashboard counts pages, not translations, says how many each other language has, and lists each page once', async () => {
    const before = await countPages();
    const made = await createPage(
      admin,
      pageFormSchema.parse({ title: 'Dashboard page', slug: 'dashboard-page', content: 'Body', status: 'published' }),
    );
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const translated = await translatePage(admin, made.id, 'fr');
    expect(translated.ok).toBe(true);
    if (!translated.ok) return;
    await getDb()
      .updateTable('pages')
      .set({ status: 'published', slug: 'page-du-tableau', updated_at: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', translated.id)
      .execute();

    const after = await countPages();
    expect(after.items).toBe(before.items + 1);
    expect(after.byLanguage.en).toBe((before.byLanguage.en ?? 0) + 1);
    expect(after.byLanguage.fr).toBe((before.byLanguage.fr ?? 0) + 1);

    const recent = await recentPublishedPages(5);
    expect(recent[0]).toMatchObject({ id: translated.id, language: 'fr', path: '/fr/page-du-tableau' });
    // The English row of the same page is not listed a second time.
    expect(recent.map((page) => page.id)).not.toContain(made.id);
    expect(new Set(recent.map((page) => page.id)).size).toBe(recent.length);
  });

  it('names categories per language: French articles and lists show the French name, else the default one', async () => {
    const db = getDb();
    const french = await db
      .selectFrom('blog_posts')
      .select(['id', 'slug'])
      .where('language', '=', 'fr')
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    const [first] = await db
      .selectFrom('post_categories')
      .innerJoin('categories', 'categories.id', 'post_categories.category_id')
      .select(['categories.id', 'categories.name'])
      .where('post_id', '=', french.id)
      .execute();
    expect(first).toBeDefined();
    const before = await getPublishedPost(french.slug, 'fr');
    expect(before!.categories).toContain(first!.name);

    const named = await nameCategory(admin, { id: first!.id, language: 'fr', name: '  Développement web  ' });
    expect(named).toMatchObject({ ok: true, category: { name: first!.name, names: { fr: 'Développement web' } } });
    expect((await getPublishedPost(french.slug, 'fr'))!.categories).toContain('Développement web');
    expect((await getPublishedPost(french.slug, 'fr'))!.categories).not.toContain(first!.name);
    const list = await listPublishedPosts({ page: 1, language: 'fr' });
    expect(list.items.find((post) => post.id === french.id)!.categories).toContain('Développement web');
    // The English article keeps the English name.
    const english = await listPublishedPosts({ page: 1, language: 'en' });
    expect(english.items.flatMap((post) => post.categories)).not.toContain('Développement web');

    // Bad input changes nothing: the default language, an unknown language, a taken French name, a missing category.
    const other = (await listCategories()).find((category) => category.id !== first!.id)!;
    expect(await nameCategory(admin, { id: other.id, language: 'en', name: 'X' })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await nameCategory(admin, { id: other.id, language: 'xx', name: 'X' })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await nameCategory(admin, { id: other.id, language: 'fr', name: 'DÉVELOPPEMENT WEB' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await nameCategory(admin, { id: 'gone', language: 'fr', name: 'Y' })).toMatchObject({ ok: false, reason: 'not-found' });
    const subscriber = await makeActor('contributor');
    expect(await nameCategory(subscriber, { id: other.id, language: 'fr', name: 'Y' })).toMatchObject({ ok: false, reason: 'forbidden' });
    expect((await listCategories()).find((category) => category.id === other.id)!.names).toEqual({});

    // Through the route, as the editor's fetcher posts it: too long is a clear message; empty clears the name.
    const cookie = await sessionCookieFor(admin.id);
    const post = (form: Record<string, string>) =>
      callRoute(categoriesAction as unknown as Parameters<typeof callRoute>[0], { path: '/admin/blog/categories', cookie, form });
    const tooLong = await post({ intent: 'name-category', id: first!.id, language: 'fr', name: 'x'.repeat(61) });
    expect(JSON.stringify(tooLong)).toContain('Must be at most 60 characters');
    expect((await listCategories()).find((category) => category.id === first!.id)!.names).toEqual({ fr: 'Développement web' });
    await post({ intent: 'name-category', id: first!.id, language: 'fr', name: '' });
    expect((await listCategories()).find((category) => category.id === first!.id)!.names).toEqual({});
    expect((await getPublishedPost(french.slug, 'fr'))!.categories).toContain(first!.name);
  });

  it('keeps the site name, tagline and contact description per language, each falling back to the default one', async () => {
    const cookie = await sessionCookieFor(admin.id);
    const call = (handler: unknown, path: string, form: Record<string, string>) =>
      callRoute(handler as Parameters<typeof callRoute>[0], { path, cookie, form });
    const site = await getSiteSettings();
    const general = {
      intent: 'general',
      siteName: site.siteName,
      tagline: site.tagline,
      logo: site.logo,
      language: 'en',
      timezone: site.timezone,
    };
    await call(settingsAction, '/admin/settings', { ...general, 'translations.fr.siteName': 'Atelier FR', 'translations.fr.tagline': '' });
    expect((await getSiteSettings()).translations).toEqual({ fr: { siteName: 'Atelier FR', tagline: '' } });
    expect((await getSiteShell('fr')).site).toMatchObject({ siteName: 'Atelier FR', tagline: site.tagline });
    expect((await getSiteShell('en')).site).toMatchObject({ siteName: site.siteName, tagline: site.tagline });

    // Too long: a clear message, nothing changed.
    const refused = await call(settingsAction, '/admin/settings', { ...general, 'translations.fr.tagline': 'x'.repeat(201) });
    expect(JSON.stringify(refused)).toContain('Tagline must be at most 200 characters.');
    expect((await getSiteSettings()).translations).toEqual({ fr: { siteName: 'Atelier FR', tagline: '' } });
    // A form without the French fields keeps them; the French fields left empty clear them.
    await call(settingsAction, '/admin/settings', general);
    expect((await getSiteShell('fr')).site.siteName).toBe('Atelier FR');
    await call(settingsAction, '/admin/settings', { ...general, 'translations.fr.siteName': '', 'translations.fr.tagline': '' });
    expect((await getSiteShell('fr')).site.siteName).toBe(site.siteName);

    const contact = await getContactSettings();
    const contactForm = { address: contact.address, email: contact.email, phone: contact.phone, description: contact.description };
    await call(contactAction, '/admin/contact', { ...contactForm, 'translations.fr.description': 'Parlons de votre projet.' });
    expect((await getSiteShell('fr')).contact.description).toBe('Parlons de votre projet.');
    expect((await getSiteShell('en')).contact.description).toBe(contact.description);
    expect((await getSiteShell('fr')).contact).not.toHaveProperty('translations');
    await call(contactAction, '/admin/contact', { ...contactForm, 'translations.fr.description': '' });
    expect((await getSiteShell('fr')).contact.description).toBe(contact.description);
  });
});
