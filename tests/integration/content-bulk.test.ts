import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { applyBulk } from '#app/routes/admin/editorial/bulk.server.ts';
import { editorialRoutes } from '#app/routes/admin/editorial/kinds.server.ts';
import * as listRoute from '#app/routes/admin/editorial/list.tsx';
import { pageFormSchema } from '#app/schemas/page.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { countByStatusFilter, STATUS_FILTERS } from '#app/services/content/status-filters.server.ts';
import { createPage, listPages, setPageStatus, trashPage } from '#app/services/pages/pages.server.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';
import { createPost, getPost, listPosts, setPostStatus } from '#app/services/posts/posts.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Actor = Awaited<ReturnType<typeof makeActor>>;
type Handler = Parameters<typeof callRoute>[0];

describe.each(testDialects)('list status filters and bulk actions on $name', (dialect) => {
  let admin: Actor;
  let author: Actor;
  let contributor: Actor;
  let category: string;

  const page = (slug: string, status: string) =>
    pageFormSchema.parse({ title: `Page ${slug}`, slug, content: 'Body', status, version: '1' });
  const post = (slug: string, status: string) =>
    postFormSchema.parse({ title: `Post ${slug}`, slug, content: 'Body', excerpt: 'E', status, categories: [category] });
  const created = async (result: Promise<{ ok: boolean; id?: string }>) => {
    const done = await result;
    if (!done.ok || !done.id) throw new Error('create failed');
    return done.id;
  };
  const statusOf = async (table: 'pages' | 'blog_posts', id: string) =>
    (await getDb().selectFrom(table).select(['status', 'publish_date']).where('id', '=', id).executeTakeFirstOrThrow()) as {
      status: string;
      publish_date: string | null;
    };

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    author = await makeActor('author', 'Ada Author');
    contributor = await makeActor('contributor', 'Cy Contributor');
    category = (await listCategories())[0]!.id;
  });
  afterAll(() => dialect.close());

  it('offers All, Published, Draft and Review from one list, and counts each without the trash', async () => {
    expect(STATUS_FILTERS.map((filter) => filter.label)).toEqual(['All', 'Published', 'Draft', 'Review']);
    const before = await countByStatusFilter('pages');
    await created(createPage(admin, page('filter-draft', 'draft')));
    const trashed = await created(createPage(admin, page('filter-trashed', 'published')));
    await trashPage(admin, trashed);
    const after = await countByStatusFilter('pages');
    const count = (tabs: typeof after, id: string) => tabs.find((tab) => tab.id === id)!.count;
    expect(count(after, 'all') - count(before, 'all')).toBe(1);
    expect(count(after, 'draft') - count(before, 'draft')).toBe(1);
    expect(count(after, 'published')).toBe(count(before, 'published'));
    const drafts = await listPages({ trash: false, search: '', page: 1, status: 'draft' });
    expect(drafts.items.every((item) => item.status === 'draft')).toBe(true);
    expect(drafts.total).toBe(count(after, 'draft'));
    // An unknown filter shows everything rather than failing.
    expect((await listPages({ trash: false, search: '', page: 1, status: 'nonsense' })).total).toBe(count(after, 'all'));
  });

  it("counts and lists only a contributor's own posts", async () => {
    await created(createPost(contributor, post('mine-in-review', 'review')));
    const tabs = await countByStatusFilter('blog_posts', { authorId: contributor.id });
    expect(tabs.map((tab) => [tab.id, tab.count])).toEqual([
      ['all', 1],
      ['published', 0],
      ['draft', 0],
      ['review', 1],
    ]);
    const listed = await listPosts(contributor, { trash: false, search: '', categoryIds: [], page: 1, status: 'review' });
    expect(listed.items.map((item) => item.slug)).toEqual(['mine-in-review']);
  });

  it('publishes keeping an existing date, sets to draft without one, and refuses the trash', async () => {
    const id = await created(createPage(admin, page('bulk-publish-me', 'draft')));
    expect(await setPageStatus(admin, id, 'published')).toMatchObject({ ok: true, changed: true });
    const published = await statusOf('pages', id);
    expect(published.status).toBe('published');
    expect(published.publish_date).not.toBeNull();
    expect(await setPageStatus(admin, id, 'published')).toMatchObject({ ok: true, changed: false });
    expect(await setPageStatus(admin, id, 'draft')).toMatchObject({ ok: true });
    expect(await statusOf('pages', id)).toEqual({ status: 'draft', publish_date: null });
    await trashPage(admin, id);
    expect(await setPageStatus(admin, id, 'published')).toMatchObject({ ok: false, reason: 'conflict' });
    expect(await setPageStatus(admin, 'no-such-page', 'draft')).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it("re-checks each item: an author may not publish, nor change someone else's post", async () => {
    const own = await created(createPost(author, post('author-own-draft', 'draft')));
    const others = await created(createPost(admin, post('admin-live-post', 'published')));
    expect(await setPostStatus(author, own, 'published')).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(await setPostStatus(author, others, 'draft')).toMatchObject({ ok: false, reason: 'forbidden' });
    expect((await getPost(others))!.status).toBe('published');
    const toast = await applyBulk(editorialRoutes('post'), { ...author, email: 'a@example.com' } as never, 'bulk-draft', [own, others]);
    expect(toast).toEqual({
      type: 'error',
      message: '1 post set to draft. 1 post not changed: You do not have permission to do this.',
    });
  });

  it('refuses through the screen what the user may not do, item by item, and an action of the other screen', async () => {
    const own = await created(createPost(contributor, post('contributor-bulk', 'draft')));
    const theirs = await created(createPost(admin, post('admin-bulk-target', 'draft')));
    const cookie = await sessionCookieFor(contributor.id);
    const act = (path: string, form: Record<string, string | string[]>) =>
      callRoute(listRoute.action as unknown as Handler, { path, cookie, form });
    // A contributor sending the ids of someone else's post and of their own: only their own moves.
    const answer = await act('/admin/blog', { intent: 'bulk-publish', ids: [own, theirs] });
    expect(answer.status).toBe(302);
    expect((await getPost(own))!.status).toBe('draft');
    expect((await getPost(theirs))!.status).toBe('draft');
    // Trash actions are refused on the list and list actions in the trash; no ids is a clear refusal.
    expect((await act('/admin/blog', { intent: 'bulk-delete', ids: [theirs] })).status).toBe(400);
    expect((await act('/admin/blog/trash', { intent: 'bulk-trash', ids: [theirs] })).status).toBe(400);
    const empty = await act('/admin/blog', { intent: 'bulk-trash' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.data)).toContain('Select at least one item.');
    expect(await getPost(theirs)).toMatchObject({ status: 'draft' });
  });

  it('moves many to the trash, restores and deletes them for good', async () => {
    const routes = editorialRoutes('page');
    const user = admin as never;
    const ids = [await created(createPage(admin, page('bulk-a', 'published'))), await created(createPage(admin, page('bulk-b', 'draft')))];
    expect(await applyBulk(routes, user, 'bulk-trash', ids)).toEqual({ type: 'success', message: '2 pages moved to trash.' });
    expect(await applyBulk(routes, user, 'bulk-restore', ids)).toEqual({ type: 'success', message: '2 pages restored as drafts.' });
    expect(await applyBulk(routes, user, 'bulk-publish', ids)).toEqual({ type: 'success', message: '2 pages published.' });
    await applyBulk(routes, user, 'bulk-trash', ids);
    expect(await applyBulk(routes, user, 'bulk-delete', [ids[0]!])).toEqual({ type: 'success', message: '1 page permanently deleted.' });
    expect(await getDb().selectFrom('pages').select('id').where('id', 'in', ids).execute()).toEqual([{ id: ids[1] }]);
  });
});
