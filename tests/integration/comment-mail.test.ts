import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { parseJson } from '#app/lib/json.ts';
import { commentFormSchema } from '#app/schemas/comment.ts';
import { emailSettingsSchema } from '#app/schemas/settings.ts';
import {
  mailModerator,
  MODERATOR_MAIL_JOB,
  MODERATOR_MAIL_TO_JOB,
  queueModeratorMails,
} from '#app/services/comments/comment-alerts.server.ts';
import { saveCommentSettings } from '#app/services/comments/comment-settings.server.ts';
import { moderateComments } from '#app/services/comments/moderate-comments.server.ts';
import { submitComment } from '#app/services/comments/submit-comment.server.ts';
import { createJobRunner } from '#app/services/jobs/job-runner.server.ts';
import { saveEmailSettings } from '#app/services/settings/settings.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { startSmtpInbox } from '#tests/support/smtp-inbox.ts';

// The test's SMTP server listens on a loopback port the policy allows only when told to.
loadTestEnv({ SMTP_ALLOW_PRIVATE: '1', SMTP_ALLOWED_PORTS: '1024-65535' });

let counter = 0;
function comment(postId: string) {
  counter++;
  const input = commentFormSchema.parse({
    name: 'Grace Hopper',
    email: `grace${counter}@example.com`,
    website: '',
    body: `Mail me ${counter}.`,
  });
  return { ...input, postId, ip: `203.0.113.${counter % 250}` };
}

/** Who holds manage_comments and is active: the moderators a pending comment is mailed to. */
async function moderatorEmails(): Promise<string[]> {
  const users = await getDb()
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.email', 'roles.permissions'])
    .where('users.status', '=', 'active')
    .execute();
  return users.filter((user) => parseJson<string[]>(user.permissions, []).includes('manage_comments')).map((user) => user.email);
}

describe.each(testDialects)('moderators mailed about pending comments on $name', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
  let postId: string;
  const runner = () =>
    createJobRunner(
      [
        { name: MODERATOR_MAIL_JOB, run: queueModeratorMails },
        { name: MODERATOR_MAIL_TO_JOB, run: mailModerator, maxAttempts: 5 },
      ],
      { pollMs: 60_000, log: () => undefined },
    );
  beforeAll(async () => {
    await dialect.open();
    smtp = await startSmtpInbox();
    // Two moderators who have signed in (active accounts): editors and administrators hold manage_comments.
    for (const [role, name] of [
      ['editor', 'maria'],
      ['administrator', 'ann'],
    ] as const) {
      const moderator = await makeActor(role, name);
      await getDb().updateTable('users').set({ status: 'active' }).where('id', '=', moderator.id).execute();
    }
    postId = (await getDb().selectFrom('blog_posts').select('id').where('status', '=', 'published').executeTakeFirstOrThrow()).id;
    await getDb()
      .updateTable('blog_posts')
      .set({ comments_off: 0, publish_date: new Date().toISOString() })
      .where('id', '=', postId)
      .execute();
    const email = {
      smtpHost: '127.0.0.1',
      smtpPort: String(smtp.port),
      smtpUsername: '',
      smtpPassword: '',
      fromEmail: 'site@atelier.test',
    };
    expect(await saveEmailSettings(ADMIN, emailSettingsSchema.parse(email))).toEqual({ ok: true });
  });
  afterAll(async () => {
    await smtp.close();
    await dialect.close();
  });
  beforeEach(async () => {
    smtp.state.failNext = 0;
    smtp.received.length = 0;
    await getDb().deleteFrom('throttles').execute();
    await getDb().deleteFrom('jobs').where('name', 'in', [MODERATOR_MAIL_JOB, MODERATOR_MAIL_TO_JOB]).execute();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('off by default: a pending comment queues no mail', async () => {
    await saveCommentSettings(ADMIN, { autoApproveKnown: false, closeAfterDays: 0, blocklist: '', emailModerators: false });
    const saved = await submitComment(comment(postId));
    expect(saved).toMatchObject({ ok: true, status: 'pending' });
    expect(await getDb().selectFrom('jobs').select('id').where('name', '=', MODERATOR_MAIL_JOB).execute()).toEqual([]);
  });

  it('queued with the comment, then one mail per moderator; a refused send is retried later, never sent twice', async () => {
    await saveCommentSettings(ADMIN, { autoApproveKnown: false, closeAfterDays: 0, blocklist: '', emailModerators: true });
    const saved = await submitComment(comment(postId));
    if (!saved.ok) throw new Error('comment refused');
    // Stored in the comment's transaction, before the visitor's answer: a crash now loses no mail.
    expect(await getDb().selectFrom('jobs').select('payload').where('name', '=', MODERATOR_MAIL_JOB).execute()).toEqual([
      { payload: JSON.stringify({ commentId: saved.id }) },
    ]);
    const moderators = await moderatorEmails();
    expect(moderators.length).toBeGreaterThanOrEqual(2);
    const jobs = runner();
    await jobs.runDue();
    smtp.state.failNext = 1;
    await jobs.runDue();
    expect(smtp.received).toHaveLength(moderators.length - 1);
    // The refused one waits for its backoff (10 s), then goes.
    await jobs.runDue(Date.now() + 11_000);
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...moderators].sort());
    // The subject holds curly quotes, so it is sent encoded: "New comment awaiting approval on “…”".
    expect(smtp.received[0]?.raw).toMatch(/Subject: =\?UTF-8\?Q\?New_comment_awaiting_approval_on_/);
    expect(smtp.received[0]?.raw).toContain('Grace Hopper wrote:');
    expect(smtp.received[0]?.raw).toContain(`Mail me ${counter}.`);
    expect(
      await getDb().selectFrom('jobs').select('id').where('name', 'in', [MODERATOR_MAIL_JOB, MODERATOR_MAIL_TO_JOB]).execute(),
    ).toEqual([]);
  });

  it('a comment moderated before its mail went is not mailed', async () => {
    await saveCommentSettings(ADMIN, { autoApproveKnown: false, closeAfterDays: 0, blocklist: '', emailModerators: true });
    const saved = await submitComment(comment(postId));
    if (!saved.ok) throw new Error('comment refused');
    expect(await moderateComments(ADMIN, 'approve', [saved.id])).toMatchObject({ ok: true });
    const jobs = runner();
    await jobs.runDue();
    await jobs.runDue();
    expect(smtp.received).toEqual([]);
  });
});
