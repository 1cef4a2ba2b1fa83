import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { messageFilterSchema } from '#app/schemas/messages.ts';
import { PAGE_SIZE } from '#app/services/content/pagination.server.ts';
import { applyMessageAction, countUnreadMessages, listMessages, openMessage } from '#app/services/messages/messages.server.ts';
import { messagesCsv } from '#app/services/messages/messages-csv.server.ts';
import { ADMIN } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

const filter = (input: Record<string, string> = {}) => messageFilterSchema.parse(input);

let serial = 0;
async function storeMessage(
  overrides: Partial<{
    first_name: string;
    last_name: string;
    email: string;
    subject: string;
    message: string;
    folder: 'inbox' | 'archived' | 'spam';
    created_at: string;
  }> = {},
) {
  serial++;
  const id = `m-${String(serial).padStart(4, '0')}`;
  await getDb()
    .insertInto('messages')
    .values({
      id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '',
      subject: `Subject ${serial}`,
      message: 'Hello there\nSecond line',
      status: 'unread',
      ip: '',
      created_at: new Date(Date.UTC(2026, 0, 1) + serial * 60_000).toISOString(),
      ...overrides,
    })
    .execute();
  return id;
}

describe.each(testDialects)('messages inbox on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());
  beforeEach(() => getDb().deleteFrom('messages').execute());

  it('lists a folder newest first with sender, subject, first line and unread state, paginated in the database', async () => {
    for (let i = 0; i < PAGE_SIZE + 3; i++) await storeMessage({ message: `\n  Line ${i} first\nmore` });
    await storeMessage({ folder: 'archived', subject: 'Old news' });
    const first = await listMessages(filter());
    expect(first.total).toBe(PAGE_SIZE + 3);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.items[0]).toMatchObject({
      senderName: 'Ada Lovelace',
      email: 'ada@example.com',
      firstLine: `Line ${PAGE_SIZE + 2} first`,
      unread: true,
      folder: 'inbox',
    });
    const second = await listMessages(filter({ page: '2' }));
    expect(second.items).toHaveLength(3);
    expect(second.items.at(-1)?.firstLine).toBe('Line 0 first');
    const archived = await listMessages(filter({ folder: 'archived' }));
    expect(archived.items.map((item) => item.subject)).toEqual(['Old news']);
  });

  it('searches sender name, email and subject, case-insensitively, with LIKE wildcards taken literally', async () => {
    await storeMessage({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.mil', subject: 'Compilers' });
    await storeMessage({ subject: 'Discount 50% off' });
    await storeMessage({ subject: 'Nothing here', message: 'compilers in the body only' });
    const subjects = async (q: string) => (await listMessages(filter({ q }))).items.map((item) => item.subject);
    expect(await subjects('compilers')).toEqual(['Compilers']);
    expect(await subjects('GRACE HOP')).toEqual(['Compilers']);
    expect(await subjects('navy.mil')).toEqual(['Compilers']);
    expect(await subjects('50%')).toEqual(['Discount 50% off']);
    expect(await subjects('%')).toEqual(['Discount 50% off']);
  });

  it('opening marks read; unread, archive, spam, back to inbox and delete work singly and in bulk', async () => {
    const a = await storeMessage();
    const b = await storeMessage();
    const c = await storeMessage();
    expect(await countUnreadMessages()).toBe(3);
    const opened = await openMessage(a);
    expect(opened.ok && opened.message.body).toBe('Hello there\nSecond line');
    expect(await countUnreadMessages()).toBe(2);
    expect((await applyMessageAction(ADMIN, 'unread', [a])).ok).toBe(true);
    expect(await countUnreadMessages()).toBe(3);
    expect(await applyMessageAction(ADMIN, 'archive', [a, b])).toEqual({ ok: true, count: 2 });
    expect((await listMessages(filter())).items.map((item) => item.id)).toEqual([c]);
    expect((await listMessages(filter({ folder: 'archived' }))).items.map((item) => item.id)).toEqual([b, a]);
    // Archived unread messages do not count on the badge, which is about the inbox.
    expect(await countUnreadMessages()).toBe(1);
    expect(await applyMessageAction(ADMIN, 'spam', [c])).toEqual({ ok: true, count: 1 });
    expect((await listMessages(filter({ folder: 'spam' }))).items.map((item) => item.id)).toEqual([c]);
    expect(await applyMessageAction(ADMIN, 'inbox', [c])).toEqual({ ok: true, count: 1 });
    expect(await applyMessageAction(ADMIN, 'delete', [a, b, 'missing'])).toEqual({ ok: true, count: 2 });
    expect((await applyMessageAction(ADMIN, 'delete', [a])).ok).toBe(false);
    expect((await openMessage(a)).ok).toBe(false);
    expect((await listMessages(filter({ folder: 'archived' }))).total).toBe(0);
  });

  it('refuses an unknown folder and action at the schema, and bounds bulk selections', async () => {
    expect(messageFilterSchema.safeParse({ folder: 'trash' }).success).toBe(false);
    const { messageActionSchema, MESSAGE_BULK_MAX } = await import('#app/schemas/messages.ts');
    expect(messageActionSchema.safeParse({ intent: 'explode', ids: ['x'] }).success).toBe(false);
    expect(messageActionSchema.safeParse({ intent: 'delete', ids: [] }).success).toBe(false);
    expect(
      messageActionSchema.safeParse({ intent: 'delete', ids: Array.from({ length: MESSAGE_BULK_MAX + 1 }, (_, i) => `m${i}`) }).success,
    ).toBe(false);
    expect(messageActionSchema.parse({ intent: 'archive', ids: 'one' })).toEqual({ intent: 'archive', ids: ['one'] });
  });

  it('exports the current folder and search as CSV with formulas made inert', async () => {
    await storeMessage({ first_name: '=HYPERLINK("http://evil")', last_name: '+1', subject: '@SUM(A1)', message: '-2+3\nline "two"' });
    await storeMessage({ subject: 'Other', folder: 'spam' });
    const csv = await messagesCsv(filter());
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('"Received (UTC)","First name","Last name","Email","Phone","Subject","Message","Read","Folder"');
    expect(lines).toHaveLength(2);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")","'+1"`);
    expect(csv).toContain(`"'@SUM(A1)","'-2+3\nline ""two"""`);
    expect(csv).not.toContain('Other');
    const spam = await messagesCsv(filter({ folder: 'spam' }));
    expect(spam).toContain('"Other"');
  });
});
