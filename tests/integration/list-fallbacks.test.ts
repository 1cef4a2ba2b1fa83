import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { action as settingsAction } from '#app/routes/admin/settings.tsx';
import { loader as rssLoader } from '#app/routes/resources/rss.ts';
import { loader as postsSitemapLoader } from '#app/routes/resources/sitemap-posts.ts';
import { loader as blogLoader } from '#app/routes/site/blog.tsx';
import { loader as blogPostLoader } from '#app/routes/site/blog-post.tsx';
import { postFormSchema } from '#app/schemas/post.ts';
import { createPost, getPost, translatePost, updatePost } from '#app/services/posts/posts.server.ts';
import { listPublishedPosts } from '#app/services/posts/public-posts.server.ts';
import { getSiteSettings } from '#app/services/settings/settings.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Call = Parameters<typeof callRoute>[0];
type BlogList = { items: Array<{ slug: string; language: string; title: string }>; total: number };

describe.each(testDialects)('lists with fallbacks on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  let cookie: string;

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    cookie = await sessionCookieFor(admin.id);
    firstCategory = (await getDb().selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => dialect.close());

  async function setFallbacks(on: boolean) {
    const site = await getSiteSettings();
    const form: Record<string, string> = {
      intent: 'general',
      siteName: site.siteName,
      tagline: site.tagline,
      logo: site.logo,
      language: site.language,
      timezone: site.timezone,
      ...(on ? { includeFallbacks: 'on' } : {}),
    };
    const answer = await callRoute(settingsAction as unknown as Call, { path: '/admin/settings', cookie, form });
    expect(answer.status).toBeLessThan(400);
    expect((await getSiteSettings()).includeFallbacks).toBe(on);
  }

  const blog = async (path: string) => (await callRoute(blogLoader as unknown as Call, { path })).data as BlogList;
  async function rss(path: string): Promise<string> {
    const request = new Request(new URL(path, 'http://localhost'));
    const response = (await rssLoader({ request, params: {}, context: {} } as unknown as Parameters<typeof rssLoader>[0])) as Response;
    return response.text();
  }

  it('is off by default: the French blog and feed list only French translations', async () => {
    expect((await getSiteSettings()).includeFallbacks).toBe(false);
    const created = await createPost(
      { ...admin, name: 'Admin' },
      postForm({
        title: 'Only in English',
        slug: 'only-in-english',
        content: 'Body',
        excerpt: 'English only',
        status: 'published',
      }),
    );
    if (!created.ok) throw new Error('create failed');
    const french = await blog('/fr/blog');
    expect(french.items.map((post) => post.language)).toEqual(french.items.map(() => 'fr'));
    expect(french.items.map((post) => post.slug)).not.toContain('only-in-english');
    expect(await rss('/fr/rss.xml')).not.toContain('only-in-english');
  });

  it('on: lists the default language’s untranslated posts in French, marked, never in hreflang or the sitemap', async () => {
    const frenchBefore = await blog('/fr/blog');
    const englishBefore = await blog('/blog');
    await setFallbacks(true);

    const french = await blog('/fr/blog');
    const fallback = french.items.find((post) => post.slug === 'only-in-english');
    expect(fallback).toMatchObject({ language: 'en', title: 'Only in English' });
    // The seeded article has a French translation: listed once, in French.
    expect(french.items.filter((post) => post.language === 'fr').map((post) => post.slug)).toEqual(
      frenchBefore.items.map((post) => post.slug),
    );
    expect(french.items.map((post) => post.slug)).not.toContain('getting-started-with-web-development');
    expect(french.total).toBe(englishBefore.total);
    // The English blog is the same as before.
    expect((await blog('/blog')).items).toEqual(englishBefore.items);
    // The search finds fallbacks too.
    expect((await blog('/fr/blog?q=only')).items.map((post) => post.slug)).toEqual(['only-in-english']);

    const feedXml = await rss('/fr/rss.xml');
    expect(feedXml).toContain('<title>Only in English (En anglais)</title>');
    expect(feedXml).toContain(`<link>${feedOrigin(feedXml)}/fr/blog/only-in-english</link>`);
    expect(await rss('/rss.xml')).toContain('<title>Only in English</title>');

    // The sitemap's posts (a handful here: one file).
    const sitemap = await (
      await postsSitemapLoader({ params: { file: 'posts-1.xml' } } as unknown as Parameters<typeof postsSitemapLoader>[0])
    ).text();
    expect(sitemap).toContain('/blog/only-in-english');
    expect(sitemap).not.toContain('/fr/blog/only-in-english');

    // Its own page in French stays the fallback with its notice (noindex, no hreflang to it), as without the setting.
    const page = (
      await callRoute(blogPostLoader as unknown as Call, { path: '/fr/blog/only-in-english', params: { slug: 'only-in-english' } })
    ).data as { fallback: boolean; alternates: Record<string, string> };
    expect(page.fallback).toBe(true);
    expect(page.alternates).not.toHaveProperty('fr');
  });

  it('a draft translation leaves the fallback listed; once published the French translation replaces it', async () => {
    const source = (await listPublishedPosts({ page: 1, pageSize: 50, language: 'en' })).items.find(
      (post) => post.slug === 'only-in-english',
    )!;
    const translated = await translatePost(admin, source.id, 'fr');
    if (!translated.ok) throw new Error('translate failed');
    expect((await blog('/fr/blog')).items.find((post) => post.slug === 'only-in-english')?.language).toBe('en');

    const draft = (await getPost(translated.id))!;
    const input = postForm({
      title: 'Seulement en anglais',
      slug: 'seulement-en-anglais',
      content: 'Corps',
      excerpt: 'Plus maintenant',
      status: 'published',
    });
    expect((await updatePost(admin, translated.id, { ...input, version: Number(draft.version) })).ok).toBe(true);
    const french = await blog('/fr/blog');
    expect(french.items.map((post) => post.slug)).toContain('seulement-en-anglais');
    expect(french.items.map((post) => post.slug)).not.toContain('only-in-english');
    expect(french.items.every((post) => post.language === 'fr')).toBe(true);
    expect(await rss('/fr/rss.xml')).not.toContain('(En anglais)');
  });

  it('off again: the French lists leave out the untranslated posts', async () => {
    const created = await createPost(
      { ...admin, name: 'Admin' },
      postForm({ title: 'Also English', slug: 'also-english', content: 'Body', excerpt: 'English', status: 'published' }),
    );
    if (!created.ok) throw new Error('create failed');
    expect((await blog('/fr/blog')).items.map((post) => post.slug)).toContain('also-english');
    await setFallbacks(false);
    expect((await blog('/fr/blog')).items.every((post) => post.language === 'fr')).toBe(true);
    expect(await rss('/fr/rss.xml')).not.toContain('also-english');
  });
});

/** A post form with the first category (a post needs one). */
let firstCategory = '';
function postForm(fields: Record<string, string>) {
  return postFormSchema.parse({ ...fields, categories: [firstCategory] });
}

function feedOrigin(xml: string): string {
  return /<atom:link href="([^"]+)\/fr\/rss\.xml"/.exec(xml)?.[1] ?? '';
}
