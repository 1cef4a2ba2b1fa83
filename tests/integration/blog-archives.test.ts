import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { knownMigrations, migrateToLatest } from '#app/db/migrate.server.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { listArchive } from '#app/services/posts/archives.server.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';
import { createPost, translatePost, trashPost, updatePost } from '#app/services/posts/posts.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

const titles = (list: Awaited<ReturnType<typeof listArchive>>) => list?.items.map((post) => post.title);

describe.each(testDialects)('blog archives on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  let design: string;
  const post = (slug: string, fields: { tags?: string; categories?: string[]; status?: string; publishDate?: string }) =>
    postFormSchema.parse({
      title: `Archive ${slug}`,
      slug,
      content: 'Body',
      excerpt: 'Excerpt',
      status: fields.status ?? 'published',
      categories: fields.categories ?? [design],
      tags: fields.tags ?? '',
      publishDate: (fields.publishDate ?? '2020-01-01T00:00:00.000Z').slice(0, 16),
    });
  const created = async (result: Promise<{ ok: boolean; id?: string }>) => {
    const done = await result;
    if (!done.ok || !done.id) throw new Error(`create failed: ${JSON.stringify(done)}`);
    return done.id;
  };

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    design = (await listCategories()).find((category) => category.name === 'Design')!.id;
  });
  afterAll(() => dialect.close());

  it('lists a category’s published posts newest first, by the slug of its name in the archive’s language', async () => {
    const seeded = await listArchive({ kind: 'category', slug: 'web-development', page: 1 });
    expect(seeded).toMatchObject({ archive: { kind: 'category', slug: 'web-development', name: 'Web Development' }, total: 1 });
    expect(titles(seeded)).toEqual(['Getting Started with Web Development']);
    expect(seeded!.items[0]!.categories).toEqual(['Programming', 'Web Development']);

    // French visitors read the French name, and its slug is the archive's.
    await getDb()
      .updateTable('categories')
      .set({ names: JSON.stringify({ fr: 'Développement web' }) })
      .where('name', '=', 'Web Development')
      .execute();
    const french = await listArchive({ kind: 'category', slug: 'developpement-web', page: 1, language: 'fr' });
    expect(french!.archive.name).toBe('Développement web');
    expect(french!.items.map((item) => item.language)).toEqual(['fr']);
    expect(await listArchive({ kind: 'category', slug: 'web-development', page: 1, language: 'fr' })).toBeNull();

    await created(createPost(admin, post('design-older', { publishDate: '2020-01-01T00:00:00.000Z' })));
    await created(createPost(admin, post('design-newer', { publishDate: '2020-02-01T00:00:00.000Z' })));
    await created(createPost(admin, post('design-draft', { status: 'draft' })));
    const trashed = await created(createPost(admin, post('design-trashed', {})));
    await trashPost(admin, trashed);
    expect(titles(await listArchive({ kind: 'category', slug: 'design', page: 1 }))).toEqual([
      'Archive design-newer',
      'Archive design-older',
    ]);
    // A category no published post is filed under, and a name that is no category: no archive.
    expect(await listArchive({ kind: 'category', slug: 'mobile-development', page: 1 })).toBeNull();
    expect(await listArchive({ kind: 'category', slug: 'no-such-category', page: 1 })).toBeNull();
  });

  it('is paginated nine to a screen, the count kept until the next write', async () => {
    const category = (await listCategories()).find((candidate) => candidate.name === 'Technology')!.id;
    for (let i = 0; i < 10; i++) {
      await created(
        createPost(
          admin,
          post(`tech-${i}`, { categories: [category], publishDate: `2021-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z` }),
        ),
      );
    }
    const first = await listArchive({ kind: 'category', slug: 'technology', page: 1 });
    expect(first).toMatchObject({ total: 10, page: 1, pageCount: 2 });
    expect(first!.items).toHaveLength(9);
    expect(titles(await listArchive({ kind: 'category', slug: 'technology', page: 2 }))).toEqual(['Archive tech-0']);
    await created(createPost(admin, post('tech-10', { categories: [category], publishDate: '2021-02-01T00:00:00.000Z' })));
    expect((await listArchive({ kind: 'category', slug: 'technology', page: 1 }))!.total).toBe(11);
  });

  it('lists a tag’s posts by the tag’s slug, kept in step with every save, translation and trash', async () => {
    const seeded = await listArchive({ kind: 'tag', slug: 'javascript', page: 1 });
    expect(seeded).toMatchObject({ archive: { kind: 'tag', name: 'javascript' }, total: 1 });

    const id = await created(createPost(admin, post('tagged', { tags: 'Web Design, Café Culture' })));
    const webDesign = await listArchive({ kind: 'tag', slug: 'web-design', page: 1 });
    expect(webDesign).toMatchObject({ archive: { name: 'Web Design' }, total: 1 });
    expect(titles(await listArchive({ kind: 'tag', slug: 'cafe-culture', page: 1 }))).toEqual(['Archive tagged']);

    // A save that drops a tag takes the post out of its archive.
    const version = Number(
      (await getDb().selectFrom('blog_posts').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version,
    );
    const saved = await updatePost(admin, id, { ...post('tagged', { tags: 'Web Design' }), version });
    expect(saved.ok).toBe(true);
    expect(await listArchive({ kind: 'tag', slug: 'cafe-culture', page: 1 })).toBeNull();
    expect((await getDb().selectFrom('post_tags').select('slug').where('post_id', '=', id).execute()).map((row) => row.slug)).toEqual([
      'web-design',
    ]);

    // A translation starts with its source's tags, in its own language's archive.
    const translated = await translatePost(admin, id, 'fr');
    expect(translated.ok).toBe(true);
    const translationId = 'id' in translated ? String(translated.id) : '';
    expect(
      (await getDb().selectFrom('post_tags').select('slug').where('post_id', '=', translationId).execute()).map((row) => row.slug),
    ).toEqual(['web-design']);

    await trashPost(admin, id);
    expect(await listArchive({ kind: 'tag', slug: 'web-design', page: 1 })).toBeNull();
    expect(await listArchive({ kind: 'tag', slug: 'nobody-uses-this', page: 1 })).toBeNull();
  });
});

describe.each(testDialects)('post tags migration (0270) on $name', (dialect) => {
  afterAll(() => dialect.close());

  it('copies every existing post’s tags into post_tags, each slug once', async () => {
    await dialect.open({ migrations: knownMigrations().filter((name) => name < '0270') });
    const db = getDb();
    const row = (id: string, tags: string) => ({
      id,
      language: 'en',
      translation_group: id,
      title: `Old ${id}`,
      slug: `old-${id}`,
      content: 'Body',
      excerpt: 'E',
      status: 'published' as const,
      author_name: 'Someone',
      tags,
      meta_title: '',
      meta_description: '',
      meta_keywords: '',
      views: 0,
      version: 1,
      created_at: '2020-01-01T00:00:00.000Z',
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    await db
      .insertInto('blog_posts')
      .values([row('a', '["React", "react", "Café Déjà"]'), row('b', '[]'), row('c', 'not json')])
      .execute();
    await migrateToLatest(db);
    const links = await db.selectFrom('post_tags').select(['post_id', 'slug']).orderBy('post_id').orderBy('slug').execute();
    expect(links).toEqual([
      { post_id: 'a', slug: 'cafe-deja' },
      { post_id: 'a', slug: 'react' },
    ]);
  });
});
