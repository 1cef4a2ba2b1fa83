import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { knownMigrations, migrateToLatest } from '#app/db/migrate.server.ts';
import * as fullTextMigration from '#app/db/migrations/0170-full-text-search.ts';
import { newId } from '#app/lib/ids.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { type PostForm, postFormSchema } from '#app/schemas/post.ts';
import { listMedia, updateMedia } from '#app/services/media/media-library.server.ts';
import { createPage, listPages } from '#app/services/pages/pages.server.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';
import { createPost, deletePost, listPosts, trashPost, updatePost } from '#app/services/posts/posts.server.ts';
import { listPublishedPosts } from '#app/services/posts/public-posts.server.ts';
import { searchAdmin } from '#app/services/search/admin-search.server.ts';
import { seedDatabase } from '#app/services/startup/seed.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { insertPostRow } from '#tests/support/post-rows.ts';

type Actor = Awaited<ReturnType<typeof makeActor>>;

describe.each(testDialects)('full-text search on $name', (dialect) => {
  let admin: Actor;
  let design: string;

  function postInput(overrides: Partial<Record<keyof PostForm, unknown>> = {}): PostForm {
    return postFormSchema.parse({
      title: 'A post',
      slug: `post-${newId().slice(0, 8)}`,
      content: 'Body text',
      excerpt: 'Short',
      status: 'published',
      categories: [design],
      tags: '',
      ...overrides,
    });
  }
  async function post(overrides: Partial<Record<keyof PostForm, unknown>>): Promise<string> {
    const created = await createPost(admin, postInput(overrides));
    if (!created.ok) throw new Error('create failed');
    return created.id;
  }
  const adminList = async (search: string) =>
    (await listPosts(admin, { trash: false, search, categoryIds: [], page: 1 })).items.map((item) => item.title);
  const blog = async (query: string) => (await listPublishedPosts({ page: 1, query })).items.map((item) => item.title);

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    design = (await listCategories()).find((category) => category.name === 'Design')!.id;
  });
  afterAll(() => dialect.close());

  it('matches whole words and word prefixes in title and content, any case or accent, every word required', async () => {
    await post({ title: 'Pelicans of the estuary', content: 'Notes on migratory birds.' });
    await post({ title: 'Harbour life', content: 'The PELICAN colony grows; a café opened nearby.' });
    await post({ title: 'Repelicanised', content: 'An unrelated word containing the letters.' });
    expect((await adminList('pelican')).sort()).toEqual(['Harbour life', 'Pelicans of the estuary']);
    expect(await adminList('PELI migra')).toEqual(['Pelicans of the estuary']);
    expect(await adminList('cafe')).toEqual(['Harbour life']);
    expect(await adminList('elican')).toEqual([]);
    expect(await adminList('pelican zebra')).toEqual([]);
    expect((await blog('pelican')).sort()).toEqual(['Harbour life', 'Pelicans of the estuary']);
  });

  it('ranks title matches before content matches, then newest first', async () => {
    await post({ title: 'Older title heron', content: 'x' });
    await post({ title: 'Body only one', content: 'a heron in the text' });
    await post({ title: 'Newer heron title', content: 'x' });
    await post({ title: 'Body only two', content: 'another heron here' });
    expect(await adminList('heron')).toEqual(['Newer heron title', 'Older title heron', 'Body only two', 'Body only one']);
    expect(await blog('heron')).toEqual(['Newer heron title', 'Older title heron', 'Body only two', 'Body only one']);
    const groups = await searchAdmin(admin, 'heron');
    expect(groups.find((group) => group.kind === 'post')!.hits.map((hit) => hit.title)).toEqual([
      'Newer heron title',
      'Older title heron',
      'Body only two',
      'Body only one',
    ]);
  });

  it('keeps the index in step with edits, trashing and deletion in the same write', async () => {
    const id = await post({ title: 'Quokka facts', content: 'plain', status: 'draft' });
    expect(await adminList('quokka')).toEqual(['Quokka facts']);
    await updatePost(admin, id, { ...postInput({ title: 'Wombat facts', content: 'burrows', status: 'draft' }), version: 1 });
    expect(await adminList('quokka')).toEqual([]);
    expect(await adminList('burrow')).toEqual(['Wombat facts']);
    await trashPost(admin, id);
    expect(await adminList('wombat')).toEqual([]);
    expect((await listPosts(admin, { trash: true, search: 'wombat', categoryIds: [], page: 1 })).total).toBe(1);
    await deletePost(admin, id);
    expect((await listPosts(admin, { trash: true, search: 'wombat', categoryIds: [], page: 1 })).total).toBe(0);
    // The index itself holds nothing for the deleted row.
    const left =
      dialect.name === 'sqlite'
        ? await sql<{ n: number }>`select count(*) as n from blog_posts_fts where blog_posts_fts match 'wombat'`.execute(getDb())
        : await sql<{ n: number }>`select count(*) as n from blog_posts where title ilike '%wombat%'`.execute(getDb());
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('searches pages (by title) and media by words too, and the top bar covers every kind', async () => {
    const page = await createPage(
      admin,
      pageFormSchema.parse({ title: 'Kookaburra page', slug: 'kookaburra', content: 'laughing', status: 'draft' }),
    );
    expect(page.ok).toBe(true);
    expect((await listPages({ trash: false, search: 'kooka', page: 1 })).items.map((row) => row.title)).toEqual(['Kookaburra page']);
    // Page search is by title (the spec): a word of the content alone does not find the page.
    expect((await listPages({ trash: false, search: 'laughing', page: 1 })).items).toEqual([]);
    const mediaId = newId();
    const now = new Date().toISOString();
    await getDb()
      .insertInto('media')
      .values({
        id: mediaId,
        title: 'zzoldname',
        description: '',
        type: 'image',
        mime_type: 'image/png',
        storage_key: `${mediaId}.png`,
        url: `/uploads/${mediaId}.png`,
        original_name: 'photo.png',
        file_size: 1,
        width: 1,
        height: 1,
        alt: '',
        tags: '[]',
        variants: '[]',
        uploaded_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await updateMedia(admin, mediaId, { title: 'Kookaburra perched', description: 'branch', alt: 'a bird', tags: [] });
    expect((await listMedia({ search: 'kookaburra' })).items.map((item) => item.id)).toEqual([mediaId]);
    expect((await listMedia({ search: 'zzoldname' })).items).toEqual([]);
    await post({ title: 'Kookaburra post' });
    const kinds = (await searchAdmin(admin, 'kookaburra')).map((group) => group.kind);
    expect(kinds).toEqual(expect.arrayContaining(['page', 'post', 'media']));
  });

  it('takes punctuation literally on the rows the index found, and never fails on odd input', async () => {
    await post({ title: 'Save 50% on audits' });
    await post({ title: 'Save 50 on audits' });
    expect(await adminList('50% on')).toEqual(['Save 50% on audits']);
    expect(await adminList('50_on')).toEqual([]);
    for (const odd of ['"', '*', 'title:', 'a AND OR NOT', '(', '—', "'", '\\', 'NEAR(a b)']) {
      await expect(adminList(odd)).resolves.toBeInstanceOf(Array);
      await expect(blog(odd)).resolves.toBeInstanceOf(Array);
    }
  });

  it('the migration fills the index for rows written before it', async () => {
    const db = getDb() as unknown as Parameters<typeof fullTextMigration.up>[0];
    await fullTextMigration.down(db);
    await post({ title: 'Written before the index axolotl' });
    await fullTextMigration.up(db);
    expect(await adminList('axolotl')).toEqual(['Written before the index axolotl']);
  });
});

describe.each(testDialects)('stored search words (migration 0260) on $name', (dialect) => {
  afterAll(() => dialect.close());

  it('keeps the rows of a database made before it searchable, title matches first', async () => {
    await dialect.open({ migrations: knownMigrations().filter((name) => name < '0260') });
    await insertPostRow({ title: 'Axolotl care', slug: 'axolotl-care', content: 'Water and food.' });
    await insertPostRow({ title: 'Pond notes', slug: 'pond-notes', content: 'An axolotl in the pond.' });
    await migrateToLatest(getDb());
    await seedDatabase(getDb());
    const admin = await makeActor('administrator');
    const screen = await listPosts(admin, { trash: false, search: 'axolotl', categoryIds: [], page: 1 });
    expect(screen.items.map((item) => item.title)).toEqual(['Axolotl care', 'Pond notes']);
    expect((await listPublishedPosts({ page: 1, query: 'axol' })).items.map((item) => item.title)).toEqual(['Axolotl care', 'Pond notes']);
    if (dialect.name === 'postgres') {
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'blog_posts'`.execute(getDb());
      const names = indexes.rows.map((row) => row.indexname);
      expect(names).toContain('blog_posts_search_words');
      expect(names).toContain('blog_posts_search_title');
      expect(names).not.toContain('blog_posts_search_vector');
    }
  });
});
