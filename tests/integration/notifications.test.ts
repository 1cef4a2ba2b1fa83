import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { auditSignIn } from '#app/services/auth/sign-in-audit.server.ts';
import { submitContactMessage } from '#app/services/contact/contact-messages.server.ts';
import { applyMessageAction } from '#app/services/messages/messages.server.ts';
import {
  countUnreadNotifications,
  dismissNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notifyThemeActivated,
} from '#app/services/notifications/notifications.server.ts';
import { SIGN_IN_BURST } from '#app/services/notifications/sign-in-alerts.server.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';
import { createPost, updatePost } from '#app/services/posts/posts.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

type Actor = Awaited<ReturnType<typeof makeActor>>;

describe.each(testDialects)('notifications on $name', (dialect) => {
  let admin: Actor;
  let otherAdmin: Actor;
  let editor: Actor;
  let author: Actor;
  let contributor: Actor;
  const messages = async (actor: Actor) => (await listNotifications(actor)).map((notification) => notification.message);

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator', 'Ada Admin');
    otherAdmin = await makeActor('administrator', 'Otto Admin');
    editor = await makeActor('editor', 'Eve Editor');
    author = await makeActor('author', 'Al Author');
    contributor = await makeActor('contributor', 'Cy Contributor');
  });
  afterAll(() => dialect.close());
  beforeEach(() => getDb().deleteFrom('notifications').execute());

  it('a new contact message is shown to those who may read messages only; spam is not', async () => {
    await submitContactMessage({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '',
      subject: 'Hello',
      message: 'Hi',
      ip: '198.51.100.1',
    });
    await submitContactMessage({
      firstName: 'Bot',
      lastName: 'Bot',
      email: 'bot@example.com',
      phone: '',
      subject: 'Buy',
      message: 'Now',
      ip: '198.51.100.1',
      spamReason: 'honeypot',
    });
    expect(await messages(admin)).toEqual(['New message from Grace Hopper: Hello']);
    expect(await messages(editor)).toEqual([]);
    expect(await messages(contributor)).toEqual([]);
    const [notification] = await listNotifications(admin);
    expect(notification?.link).toMatch(/^\/admin\/messages\/[\w-]+$/);
  });

  it('a post sent for review tells those who may publish, not its author, once per sending', async () => {
    const design = (await listCategories()).find((category) => category.name === 'Design')!.id;
    const input = postFormSchema.parse({
      title: 'Review me',
      slug: 'review-me',
      content: 'Body',
      excerpt: 'Short',
      status: 'review',
      categories: [design],
      tags: '',
    });
    const created = await createPost(author, input);
    if (!created.ok) throw new Error('not created');
    expect(await messages(editor)).toEqual(['Al Author sent “Review me” for review']);
    expect(await messages(admin)).toEqual(['Al Author sent “Review me” for review']);
    expect(await messages(author)).toEqual([]);
    expect(await messages(contributor)).toEqual([]);
    // Saving again while in review is not a new request.
    expect((await updatePost(author, created.id, { ...input, version: 1 })).ok).toBe(true);
    expect(await messages(editor)).toHaveLength(1);
    // Back to draft, then to review again: a new request.
    expect((await updatePost(author, created.id, { ...input, status: 'draft', version: 2 })).ok).toBe(true);
    expect((await updatePost(author, created.id, { ...input, version: 3 })).ok).toBe(true);
    expect(await messages(editor)).toHaveLength(2);
    // A draft saved by a contributor tells no one.
    const draft = await createPost(contributor, { ...input, slug: 'a-draft', status: 'draft' });
    expect(draft.ok).toBe(true);
    expect(await messages(editor)).toHaveLength(2);
  });

  it('a burst of failed sign-ins is told to the account’s owner only, once per window', async () => {
    const email = (await getDb().selectFrom('users').select('email').where('id', '=', editor.id).executeTakeFirstOrThrow()).email;
    for (let attempt = 0; attempt < SIGN_IN_BURST.limit * 2; attempt++) await auditSignIn({ email, ok: false, reason: 'invalid' });
    expect(await messages(editor)).toEqual([
      '5 failed sign-in attempts on your account in the last 15 minutes. If this was not you, change your password.',
    ]);
    expect(await messages(admin)).toEqual([]);
    // Unknown accounts tell no one.
    await auditSignIn({ email: 'nobody@example.com', ok: false, reason: 'invalid' });
    expect(await countUnreadNotifications(admin)).toBe(0);
  });

  it('a theme activated by someone is told to the other administrators, not to them', async () => {
    await notifyThemeActivated({ actor: { id: admin.id, name: 'Ada Admin' }, themeName: 'Modern Dark' });
    expect(await messages(otherAdmin)).toEqual(['Ada Admin activated the Modern Dark theme']);
    expect(await messages(admin)).toEqual([]);
    expect(await messages(editor)).toEqual([]);
  });

  it('read, mark all read and dismiss are per user; nobody can mark what they cannot see', async () => {
    await notifyThemeActivated({ actor: { id: admin.id, name: 'Ada Admin' }, themeName: 'One' });
    await notifyThemeActivated({ actor: { id: admin.id, name: 'Ada Admin' }, themeName: 'Two' });
    await notifyThemeActivated({ actor: { id: otherAdmin.id, name: 'Otto Admin' }, themeName: 'Three' });
    const third = await getDb().selectFrom('notifications').select('id').where('message', 'like', '%Three%').executeTakeFirstOrThrow();
    expect(await countUnreadNotifications(otherAdmin)).toBe(2);
    const [latest] = await listNotifications(otherAdmin);
    expect(await markNotificationRead(otherAdmin, latest!.id)).toBe(1);
    expect(await countUnreadNotifications(otherAdmin)).toBe(1);
    // Otto caused the third: he cannot see it, so cannot mark it; Ada still has it unread.
    expect(await markNotificationRead(otherAdmin, third.id)).toBe(0);
    expect(await markNotificationRead(editor, third.id)).toBe(0);
    expect(await countUnreadNotifications(admin)).toBe(1);
    expect(await markAllNotificationsRead(otherAdmin)).toBe(1);
    expect(await countUnreadNotifications(otherAdmin)).toBe(0);
    expect((await listNotifications(otherAdmin)).every((notification) => !notification.unread)).toBe(true);
    expect(await dismissNotification(otherAdmin, latest!.id)).toBe(1);
    // One and Two can share a timestamp, so which one lists first is not fixed: the other one is what remains.
    const remaining = ['Ada Admin activated the One theme', 'Ada Admin activated the Two theme'].filter((text) => text !== latest!.message);
    expect(remaining).toHaveLength(1);
    expect(await messages(otherAdmin)).toEqual(remaining);
    expect(await dismissNotification(admin, third.id)).toBe(1);
    expect(await messages(admin)).toEqual([]);
    expect(await countUnreadNotifications(admin)).toBe(0);
  });

  it('a new-message notification is unread exactly while its message is, for every administrator', async () => {
    await submitContactMessage({
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@example.com',
      phone: '',
      subject: 'Follow',
      message: 'The bell follows the inbox',
      ip: '198.51.100.2',
    });
    const message = await getDb().selectFrom('messages').select('id').where('email', '=', 'alan@example.com').executeTakeFirstOrThrow();
    const [notification] = await listNotifications(admin);
    expect(notification).toMatchObject({ link: `/admin/messages/${message.id}`, unread: true });
    expect(await countUnreadNotifications(otherAdmin)).toBe(1);
    // Read in the inbox (by someone else): the bell is read for everyone.
    await applyMessageAction(otherAdmin, 'read', [message.id]);
    expect((await listNotifications(admin))[0]!.unread).toBe(false);
    expect(await countUnreadNotifications(admin)).toBe(0);
    // Marked unread again: the bell follows.
    await applyMessageAction(otherAdmin, 'unread', [message.id]);
    expect(await countUnreadNotifications(admin)).toBe(1);
    // Read from the bell: the message is read too.
    expect(await markAllNotificationsRead(admin)).toBe(1);
    expect((await getDb().selectFrom('messages').select('status').where('id', '=', message.id).executeTakeFirstOrThrow()).status).toBe(
      'read',
    );
    expect(await countUnreadNotifications(otherAdmin)).toBe(0);
  });
});
