import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { type PostForm, postFormSchema } from '#app/schemas/post.ts';
import { CONTENT_STATUSES } from '#app/services/content/statuses.ts';
import { createJobRunner } from '#app/services/jobs/job-runner.server.ts';
import { siteJobs } from '#app/services/jobs/site-jobs.server.ts';
import { createPage, publishDuePages } from '#app/services/pages/pages.server.ts';
import { getPublishedPage, listPublishedPages } from '#app/services/pages/public-pages.server.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';
import { createPost, getPost, publishDuePosts, unschedulePost, updatePost } from '#app/services/posts/posts.server.ts';
import { getPublishedPost, listPublishedPostsForFeeds } from '#app/services/posts/public-posts.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

type Actor = Awaited<ReturnType<typeof makeActor>>;

/** A datetime-local value `minutes` from now (UTC, the site's default timezone). */
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

describe.each(testDialects)('scheduled publishing on $name', (dialect) => {
  let editor: Actor;
  let author: Actor;
  let category: string;

  const postInput = (overrides: Partial<Record<keyof PostForm, unknown>> = {}): PostForm =>
    postFormSchema.parse({
      title: 'Launch',
      slug: 'launch',
      content: 'Body',
      excerpt: 'Short',
      status: 'draft',
      categories: [category],
      ...overrides,
    });
  const notificationsOf = (userId: string) =>
    getDb()
      .selectFrom('notifications')
      .select(['message', 'link'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'content_published')
      .execute();

  beforeAll(async () => {
    await dialect.open();
    editor = await makeActor('editor', 'Eve Editor');
    author = await makeActor('author', 'Ada Author');
    category = (await listCategories())[0]!.id;
  });
  afterAll(() => dialect.close());

  it('"Scheduled" is one of the content statuses the lists are derived from', () => {
    expect(CONTENT_STATUSES.map((status) => status.label)).toContain('Scheduled');
  });

  it('a post published with a date to come is scheduled: not public, not in the feed; editing keeps it scheduled', async () => {
    const draft = await createPost(author, postInput({ slug: 'future-post' }));
    expect(draft.ok).toBe(true);
    const id = draft.ok ? draft.id : '';
    const saved = await updatePost(editor, id, {
      ...postInput({ slug: 'future-post', status: 'published', publishDate: inMinutes(60) }),
      version: 1,
    });
    expect(saved.ok).toBe(true);
    const stored = await getPost(id);
    expect(stored).toMatchObject({ status: 'scheduled', scheduled_by: editor.id });
    expect(await getPublishedPost('future-post')).toBeNull();
    expect((await listPublishedPostsForFeeds()).map((post) => post.slug)).not.toContain('future-post');
    // The editor opens it as published with its date; saving an edit keeps it scheduled.
    expect(
      (
        await updatePost(editor, id, {
          ...postInput({ slug: 'future-post', title: 'Launch!', status: 'published', publishDate: inMinutes(60) }),
          version: 2,
        })
      ).ok,
    ).toBe(true);
    expect(await getPost(id)).toMatchObject({ status: 'scheduled', title: 'Launch!' });
    // Its author may no longer change it (as for a live post).
    expect(await updatePost(author, id, { ...postInput({ slug: 'future-post' }), version: 3 })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
  });

  it('"Unschedule" returns it to draft; from a stale version it is refused and nothing changes', async () => {
    const created = await createPost(editor, postInput({ slug: 'to-unschedule', status: 'published', publishDate: inMinutes(30) }));
    const id = created.ok ? created.id : '';
    expect(await getPost(id)).toMatchObject({ status: 'scheduled', version: 1 });
    expect(await unschedulePost(editor, id, 0)).toMatchObject({ ok: false, reason: 'conflict' });
    expect(await getPost(id)).toMatchObject({ status: 'scheduled' });
    expect(await unschedulePost(author, id, 1)).toMatchObject({ ok: false });
    expect((await unschedulePost(editor, id, 1)).ok).toBe(true);
    expect(await getPost(id)).toMatchObject({ status: 'draft', publish_date: null, scheduled_by: null, version: 2 });
  });

  it('at its time it goes live: public, in the feed, audited, its author and scheduler told once', async () => {
    const created = await createPost(author, postInput({ slug: 'due-post' }));
    const id = created.ok ? created.id : '';
    await updatePost(editor, id, {
      ...postInput({ slug: 'due-post', title: 'Due post', status: 'published', publishDate: inMinutes(5) }),
      version: 1,
    });
    expect(await publishDuePosts()).toEqual([]);
    const later = new Date(Date.now() + 6 * 60_000).toISOString();
    expect(await publishDuePosts(later)).toEqual([id]);
    expect(await getPost(id)).toMatchObject({ status: 'published', scheduled_by: null });
    expect(await getPublishedPost('due-post')).not.toBeNull();
    expect((await listPublishedPostsForFeeds()).map((post) => post.slug)).toContain('due-post');
    expect(await notificationsOf(author.id)).toEqual([{ message: 'Post “Due post” is now live', link: '/blog/due-post' }]);
    expect(await notificationsOf(editor.id)).toEqual([{ message: 'Post “Due post” is now live', link: '/blog/due-post' }]);
    const audit = await getDb()
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('target_id', '=', id)
      .orderBy('at')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['content.scheduled', 'content.published']);
    expect(audit[1]!.actor_name).toBe('Scheduled publishing');
  });

  it('publishes a page missed while the server was down as soon as the job runner starts', async () => {
    const page = pageFormSchema.parse({
      title: 'Missed',
      slug: 'missed-page',
      content: 'Hello',
      status: 'published',
      publishDate: inMinutes(10),
    });
    const created = await createPage(editor, page);
    const id = created.ok ? created.id : '';
    expect(await getPublishedPage('missed-page')).toBeNull();
    // Its time passed while nothing ran.
    await getDb()
      .updateTable('pages')
      .set({ publish_date: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const runner = createJobRunner(siteJobs({ AUDIT_RETENTION_DAYS: 180, CONTACT_IP_RETENTION_DAYS: 30 }), { pollMs: 60_000 });
    await runner.start();
    try {
      await expect.poll(async () => (await getPublishedPage('missed-page'))?.title ?? null).toBe('Missed');
    } finally {
      await runner.stop();
    }
    expect((await listPublishedPages()).map((row) => row.slug)).toContain('missed-page');
  });

  it('publishes exactly once with two schedulers racing (1,000 trials)', async () => {
    const created = await createPost(author, postInput({ slug: 'raced', title: 'Raced' }));
    const id = created.ok ? created.id : '';
    const past = new Date(Date.now() - 1000).toISOString();
    let notified = 0;
    for (let trial = 0; trial < 1000; trial++) {
      await getDb()
        .updateTable('blog_posts')
        .set({ status: 'scheduled', publish_date: past, scheduled_by: editor.id })
        .where('id', '=', id)
        .execute();
      const [first, second] = await Promise.all([publishDuePosts(), publishDuePosts()]);
      expect([...first!, ...second!]).toEqual([id]);
      notified += 2;
    }
    expect(await getPost(id)).toMatchObject({ status: 'published' });
    const told = await getDb()
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('link', '=', '/blog/raced')
      .executeTakeFirstOrThrow();
    // The author and the scheduler, once per trial.
    expect(Number(told.count)).toBe(notified);
    expect(await publishDuePages()).toEqual([]);
  }, 240_000);
});
