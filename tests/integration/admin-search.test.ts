import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { searchContent } from '#app/services/search/admin-search.server.ts';
import { testDialects } from '#tests/support/databases.ts';

describe.each(testDialects)('admin search on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('finds pages and posts by title, whatever the case', async () => {
    const hits = await searchContent('  GETTING started ', { pages: true, posts: 'all' });
    expect(hits.map((hit) => [hit.kind, hit.title])).toEqual([['post', 'Getting Started with Web Development']]);
    expect(hits[0]!.href).toMatch(/^\/admin\/blog\/[0-9a-f-]{36}$/);
    const pages = await searchContent('policy', { pages: true, posts: 'all' });
    expect(pages.map((hit) => hit.title).sort()).toEqual(['Cookie Policy', 'Privacy Policy']);
  });

  it('limits posts to one author when asked', async () => {
    const [post] = await getDb().selectFrom('blog_posts').select(['id']).execute();
    await getDb().updateTable('blog_posts').set({ author_id: null }).execute();
    expect(await searchContent('getting', { pages: true, posts: { authorId: 'someone-else' } })).toEqual([]);
    expect((await searchContent('getting', { pages: true, posts: 'all' })).map((hit) => hit.id)).toEqual([post!.id]);
  });

  it('respects the scope, ignores the trash and treats wildcards literally', async () => {
    expect(await searchContent('policy', { pages: false, posts: 'all' })).toEqual([]);
    await getDb().updateTable('pages').set({ status: 'trash' }).where('slug', '=', 'cookie-policy').execute();
    expect((await searchContent('policy', { pages: true, posts: { authorId: 'nobody' } })).map((hit) => hit.title)).toEqual([
      'Privacy Policy',
    ]);
    expect(await searchContent('%', { pages: true, posts: 'all' })).toEqual([]);
    expect(await searchContent('_', { pages: true, posts: 'all' })).toEqual([]);
    expect(await searchContent('   ', { pages: true, posts: 'all' })).toEqual([]);
  });
});
