import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { commentFormSchema } from '#app/schemas/comment.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { eraseCommentsByEmail, exportCommentsByEmail, pruneCommentAddresses } from '#app/services/comments/comment-privacy.server.ts';
import {
  approvedCommentCounts,
  commentStatusCounts,
  listApprovedComments,
  listCommentsForModeration,
} from '#app/services/comments/comment-queries.server.ts';
import { getCommentSettings, saveCommentSettings } from '#app/services/comments/comment-settings.server.ts';
import { editComment, moderateComments, replyAsStaff } from '#app/services/comments/moderate-comments.server.ts';
import { COMMENT_RATE_LIMITS, submitComment } from '#app/services/comments/submit-comment.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

let counter = 0;
/** A valid comment from a fresh e-mail and address, as the form would send it. */
function comment(postId: string, fields: Record<string, string> = {}) {
  counter++;
  const input = commentFormSchema.parse({
    name: 'Ada Lovelace',
    email: `ada${counter}@example.com`,
    website: '',
    body: `A thoughtful comment number ${counter}.`,
    ...fields,
  });
  return { ...input, postId, ip: fields.ip ?? `198.51.100.${counter % 250}` };
}

async function statusOf(id: string) {
  return (await getDb().selectFrom('comments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}

describe.each(testDialects)('comments on $name', (dialect) => {
  let postId: string;
  beforeAll(async () => {
    await dialect.open();
    postId = (await getDb().selectFrom('blog_posts').select('id').where('status', '=', 'published').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => dialect.close());
  beforeEach(async () => {
    await getDb().deleteFrom('throttles').execute();
    await getDb()
      .updateTable('blog_posts')
      .set({ comments_off: 0, publish_date: new Date().toISOString() })
      .where('id', '=', postId)
      .execute();
    await saveCommentSettings(ADMIN, { autoApproveKnown: true, closeAfterDays: 0, blocklist: '', emailModerators: false });
  });

  it('holds a first comment for moderation, notifies moderators, and keeps the article cached', async () => {
    const generation = cacheGeneration();
    const result = await submitComment(comment(postId, { email: 'first@example.com' }));
    expect(result).toMatchObject({ ok: true, status: 'pending', replay: false });
    expect(cacheGeneration()).toBe(generation);
    expect(await listApprovedComments(postId)).toEqual([]);
    const notice = await getDb()
      .selectFrom('notifications')
      .select(['message', 'permission', 'link'])
      .where('kind', '=', 'comment')
      .execute();
    expect(notice.at(-1)).toMatchObject({
      message: expect.stringMatching(/^New comment awaiting approval on “.+”$/),
      permission: 'manage_comments',
    });
  });

  it('moves through the moderation states, approving refreshes the article, restore puts it back where it was', async () => {
    const { id } = (await submitComment(comment(postId))) as { id: string };
    const generation = cacheGeneration();
    expect(await moderateComments(ADMIN, 'approve', [id])).toEqual({ ok: true, count: 1 });
    expect(cacheGeneration()).not.toBe(generation);
    expect((await listApprovedComments(postId)).map((c) => c.id)).toContain(id);
    await moderateComments(ADMIN, 'trash', [id]);
    expect(await statusOf(id)).toBe('trash');
    await moderateComments(ADMIN, 'restore', [id]);
    expect(await statusOf(id)).toBe('approved');
    await moderateComments(ADMIN, 'unapprove', [id]);
    expect(await statusOf(id)).toBe('pending');
    await moderateComments(ADMIN, 'spam', [id]);
    expect(await statusOf(id)).toBe('spam');
    await moderateComments(ADMIN, 'restore', [id]);
    expect(await statusOf(id)).toBe('pending');
    // Handled: its notification is gone; every step is in the audit log.
    expect(await getDb().selectFrom('notifications').select('id').where('link', '=', `/admin/comments?comment=${id}`).execute()).toEqual(
      [],
    );
    const audited = await getDb().selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
    expect(audited.filter((row) => row.action === 'comment.moderated')).toHaveLength(6);
    expect(await moderateComments(ADMIN, 'delete', [id])).toEqual({ ok: true, count: 1 });
    expect(await moderateComments(ADMIN, 'approve', [id])).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it('auto-approves an author with an approved comment (same e-mail), unless the setting is off', async () => {
    const first = (await submitComment(comment(postId, { email: 'known@example.com' }))) as { id: string };
    await moderateComments(ADMIN, 'approve', [first.id]);
    expect(await submitComment(comment(postId, { email: 'KNOWN@example.com' }))).toMatchObject({ ok: true, status: 'approved' });
    await saveCommentSettings(ADMIN, { ...(await getCommentSettings()), autoApproveKnown: false });
    expect(await submitComment(comment(postId, { email: 'known@example.com' }))).toMatchObject({ ok: true, status: 'pending' });
  });

  it('holds comments with more than two links, refuses duplicates, files blocklisted ones as spam', async () => {
    const first = (await submitComment(comment(postId, { email: 'links@example.com' }))) as { id: string };
    await moderateComments(ADMIN, 'approve', [first.id]);
    const links = 'See https://a.example, http://b.example and www.c.example';
    const held = await submitComment(comment(postId, { email: 'links@example.com', body: links }));
    expect(held).toMatchObject({ ok: true, status: 'pending' });
    expect(
      await submitComment(
        comment(postId, { email: 'links@example.com', body: '  SEE https://a.example,  http://b.example and www.c.example' }),
      ),
    ).toEqual({
      ok: false,
      reason: 'duplicate',
    });
    await saveCommentSettings(ADMIN, {
      ...(await getCommentSettings()),
      blocklist: 'casino\n@spam.example\n2001:db8:99::1\n203.0.113.0/24',
    });
    const spam = [
      await submitComment(comment(postId, { body: 'Best CASINO bonus' })),
      await submitComment(comment(postId, { email: 'bot@spam.example' })),
      await submitComment(comment(postId, { ip: '2001:db8:99:0:abcd::7' })),
      await submitComment(comment(postId, { ip: '203.0.113.77' })),
    ];
    expect(spam.map((result) => result.ok && result.status)).toEqual(['spam', 'spam', 'spam', 'spam']);
    expect(await submitComment(comment(postId, { ip: '203.0.114.1' }))).toMatchObject({ ok: true, status: 'pending' });
  });

  it('files what the bot check caught as spam, nowhere public', async () => {
    const caught = await submitComment({ ...comment(postId), spamReason: 'The hidden honeypot field was filled in.' });
    expect(caught).toMatchObject({ ok: true, status: 'spam' });
    const [row] = (await listCommentsForModeration({ status: 'spam', q: 'honeypot', postId: '', page: 1 })).items;
    expect(row).toBeUndefined();
    const spam = await listCommentsForModeration({ status: 'spam', q: '', postId, page: 1 });
    expect(spam.items.find((item) => item.spamReason.includes('honeypot'))).toBeTruthy();
    expect((await listApprovedComments(postId)).some((c) => c.id === (caught as { id: string }).id)).toBe(false);
  });

  it('refuses comments on posts with comments off, closed by age, or not published', async () => {
    await getDb().updateTable('blog_posts').set({ comments_off: 1 }).where('id', '=', postId).execute();
    expect(await submitComment(comment(postId))).toEqual({ ok: false, reason: 'closed' });
    await getDb()
      .updateTable('blog_posts')
      .set({ comments_off: 0, publish_date: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('id', '=', postId)
      .execute();
    await saveCommentSettings(ADMIN, { ...(await getCommentSettings()), closeAfterDays: 30 });
    expect(await submitComment(comment(postId))).toEqual({ ok: false, reason: 'closed' });
    await saveCommentSettings(ADMIN, { ...(await getCommentSettings()), closeAfterDays: 0 });
    expect(await submitComment(comment(postId))).toMatchObject({ ok: true });
    expect(await submitComment(comment('no-such-post'))).toEqual({ ok: false, reason: 'closed' });
  });

  it('keeps replies one level deep and shows staff replies at once, marked', async () => {
    const top = (await submitComment(comment(postId))) as { id: string };
    expect(await submitComment({ ...comment(postId), parentId: top.id })).toEqual({ ok: false, reason: 'no-parent' });
    await moderateComments(ADMIN, 'approve', [top.id]);
    const reply = (await submitComment({ ...comment(postId), parentId: top.id })) as { id: string };
    await moderateComments(ADMIN, 'approve', [reply.id]);
    // A reply to a reply joins the thread.
    const deep = (await submitComment({ ...comment(postId), parentId: reply.id })) as { id: string };
    await moderateComments(ADMIN, 'approve', [deep.id]);
    const staff = await makeActor('editor', 'Edith');
    const answer = await replyAsStaff(staff, { parentId: reply.id, body: 'Thanks for reading!' });
    expect(answer).toMatchObject({ ok: true });
    const thread = (await listApprovedComments(postId)).find((c) => c.id === top.id)!;
    expect(thread.replies.map((c) => [c.id, c.staff, c.replies.length])).toEqual([
      [reply.id, false, 0],
      [deep.id, false, 0],
      [(answer as { id: string }).id, true, 0],
    ]);
    expect(await editComment(staff, deep.id, { name: 'Ada', website: '', body: 'Edited words' })).toEqual({ ok: true });
    expect((await approvedCommentCounts([postId]))[postId]).toBeGreaterThanOrEqual(4);
    // Deleting the top comment keeps the replies, as top-level comments.
    await moderateComments(ADMIN, 'delete', [top.id]);
    expect((await listApprovedComments(postId)).map((c) => c.id)).toEqual(expect.arrayContaining([reply.id, deep.id]));
  });

  it('counts atomically: 20 parallel posts from one IPv6 /64 store exactly the 5 allowed', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submitComment(comment(postId, { ip: `2001:db8:5:6:${(i + 1).toString(16)}::1` }))),
    );
    const allowed = COMMENT_RATE_LIMITS.person.perAddress.limit;
    expect(results.filter((result) => result.ok)).toHaveLength(allowed);
    expect(results.find((result) => !result.ok)).toMatchObject({ reason: 'rate-limited', retryAfterSeconds: expect.any(Number) });
    // Another network is not held back by it.
    expect(await submitComment(comment(postId, { ip: '2001:db8:5:7::1' }))).toMatchObject({ ok: true });
  });

  it('has a site-wide ceiling per minute that many addresses cannot pass', async () => {
    const ceiling = COMMENT_RATE_LIMITS.person.global.limit;
    const results = await Promise.all(
      Array.from({ length: ceiling + 8 }, (_, i) => submitComment(comment(postId, { ip: `198.18.${Math.floor(i / 200)}.${i % 200}` }))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(ceiling);
  });

  it('answers a resent form as the first, storing it once', async () => {
    const input = { ...comment(postId), submissionToken: 'A'.repeat(22) };
    const [first, second] = await Promise.all([submitComment(input), submitComment(input)]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toMatchObject({ ok: true, id: (first as { id: string }).id });
  });

  it('exports and erases a commenter by e-mail, and prunes old addresses', async () => {
    const mine = (await submitComment(comment(postId, { email: 'erase.me@example.com' }))) as { id: string };
    await moderateComments(ADMIN, 'approve', [mine.id]);
    const other = (await submitComment({ ...comment(postId), parentId: mine.id })) as { id: string };
    const exported = await exportCommentsByEmail('Erase.Me@example.com');
    expect(exported).toEqual([expect.objectContaining({ id: mine.id, email: 'erase.me@example.com', status: 'approved' })]);
    const generation = cacheGeneration();
    expect(await eraseCommentsByEmail(ADMIN, 'erase.me@example.com')).toEqual({ ok: true, count: 1 });
    expect(cacheGeneration()).not.toBe(generation);
    expect(await exportCommentsByEmail('erase.me@example.com')).toEqual([]);
    expect(await getDb().selectFrom('comments').select('parent_id').where('id', '=', other.id).executeTakeFirstOrThrow()).toEqual({
      parent_id: null,
    });
    await getDb()
      .updateTable('comments')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('id', '=', other.id)
      .execute();
    expect(await pruneCommentAddresses(30)).toBeGreaterThanOrEqual(1);
    expect(await getDb().selectFrom('comments').select(['ip', 'ip_hash']).where('id', '=', other.id).executeTakeFirstOrThrow()).toEqual({
      ip: '',
      ip_hash: '',
    });
  });

  it('lists moderation tabs with counts, search and the article filter', async () => {
    const { id } = (await submitComment(comment(postId, { name: 'Grace Hopper', body: 'Findable needle words' }))) as { id: string };
    const counts = await commentStatusCounts();
    expect(counts.pending).toBeGreaterThan(0);
    for (const q of ['grace', 'needle', `ada${counter}@`]) {
      const found = await listCommentsForModeration({ status: 'pending', q, postId: '', page: 1 });
      expect(found.items.map((item) => item.id)).toContain(id);
    }
    const row = (await listCommentsForModeration({ status: 'pending', q: 'needle', postId, page: 1 })).items[0]!;
    expect(row).toMatchObject({ authorName: 'Grace Hopper', addressHash: expect.stringMatching(/^[0-9a-f]{12}$/), postId });
    expect((await listCommentsForModeration({ status: 'pending', q: 'needle', postId: 'other', page: 1 })).items).toEqual([]);
  });
});
