import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { searchAdmin } from '#app/services/search/admin-search.server.ts';
import { actorAs, ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

const titles = (groups: Awaited<ReturnType<typeof searchAdmin>>, kind: string) =>
  groups.find((group) => group.kind === kind)?.hits.map((hit) => hit.title) ?? [];

describe.each(testDialects)('admin search on $name', (dialect) => {
  beforeAll(async () => {
    await dialect.open();
    const now = new Date().toISOString();
    await getDb()
      .insertInto('messages')
      .values({
        id: 'search-message',
        first_name: 'Quentin',
        last_name: 'Zebulon',
        email: 'quentin@example.com',
        subject: 'Quote request',
        message: 'We need a marmalade shop website.',
        phone: '',
        ip: '',
        status: 'unread',
        created_at: now,
      })
      .execute();
    await getDb()
      .updateTable('media')
      .set({ alt: 'A marmalade jar on a table' })
      .where('id', '=', (await firstMedia()).id)
      .execute();
  });
  afterAll(() => dialect.close());

  const firstMedia = () => getDb().selectFrom('media').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();

  it('finds pages and posts by title, whatever the case, grouped by kind with links to their editors', async () => {
    const groups = await searchAdmin(ADMIN, '  GETTING started ');
    expect(groups.map((group) => group.label)).toEqual(['Blog Posts']);
    expect(groups[0]!.hits[0]).toMatchObject({ title: 'Getting Started with Web Development', detail: 'Published' });
    expect(groups[0]!.hits[0]!.href).toMatch(/^\/admin\/blog\/[0-9a-f-]{36}$/);
    // Titles and content: "Terms of Service" mentions the privacy policy.
    expect(titles(await searchAdmin(ADMIN, 'policy'), 'page').sort()).toEqual(['Cookie Policy', 'Privacy Policy', 'Terms of Service']);
  });

  it('finds posts by content, media by alt text, messages and users', async () => {
    const [post] = await getDb().selectFrom('blog_posts').select(['id', 'title']).orderBy('id').execute();
    await getDb().updateTable('blog_posts').set({ content: 'All about marmalade.' }).where('id', '=', post!.id).execute();
    const groups = await searchAdmin(ADMIN, 'marmalade');
    expect(groups.map((group) => group.kind)).toEqual(['post', 'media', 'message']);
    expect(titles(groups, 'post')).toEqual([post!.title]);
    expect(titles(groups, 'media')).toEqual([(await firstMedia()).title]);
    expect(groups.find((group) => group.kind === 'message')!.hits).toEqual([
      {
        id: 'search-message',
        title: 'Quote request',
        detail: 'Quentin Zebulon · quentin@example.com',
        href: '/admin/messages/search-message',
      },
    ]);
    expect(titles(await searchAdmin(ADMIN, 'quentin zeb'), 'message')).toEqual(['Quote request']);
    const someone = await makeActor('author', 'Xavier Searchable');
    const email = (await getDb().selectFrom('users').select('email').where('id', '=', someone.id).executeTakeFirstOrThrow()).email;
    expect(titles(await searchAdmin(ADMIN, email.toUpperCase()), 'user')).toEqual(['Xavier Searchable']);
    expect(titles(await searchAdmin(ADMIN, 'xavier search'), 'user')).toEqual(['Xavier Searchable']);
  });

  it('shows only what the user may open: a contributor finds their own posts and nothing else', async () => {
    const contributor = await makeActor('contributor', 'Search Contributor');
    expect(await searchAdmin(contributor, 'marmalade')).toEqual([]);
    expect(await searchAdmin(contributor, 'quentin')).toEqual([]);
    expect(await searchAdmin(contributor, 'policy')).toEqual([]);
    const [post] = await getDb().selectFrom('blog_posts').select(['id']).orderBy('id').execute();
    await getDb().updateTable('blog_posts').set({ author_id: contributor.id }).where('id', '=', post!.id).execute();
    expect((await searchAdmin(contributor, 'marmalade')).map((group) => group.kind)).toEqual(['post']);
    // An editor sees pages and posts, not messages, media uploads aside, or users.
    const editor = actorAs('editor');
    expect((await searchAdmin(editor, 'quentin')).map((group) => group.kind)).toEqual([]);
  });

  it('ignores the trash and treats wildcards literally', async () => {
    await getDb().updateTable('pages').set({ status: 'trash' }).where('slug', '=', 'cookie-policy').execute();
    expect(titles(await searchAdmin(ADMIN, 'policy'), 'page')).not.toContain('Cookie Policy');
    expect(await searchAdmin(ADMIN, 'priv%cy')).toEqual([]);
    expect(await searchAdmin(ADMIN, 'priv_cy')).toEqual([]);
    expect(await searchAdmin(ADMIN, '   ')).toEqual([]);
  });
});
