import { type Selectable, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { MessageTable } from '#app/db/schema.ts';
import { containsText, likePattern } from '#app/db/text-search.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import type { Paginated } from '#app/lib/paginated.ts';
import type { Actor, Permission } from '#app/lib/permissions.ts';
import type { MessageAction, MessageFilter, MessageFolder } from '#app/schemas/messages.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { COUNT_CAP, FILTERED_COUNT_CAP, listScreen } from '#app/services/content/pagination.server.ts';
import { notFound, refuseWithout, type Result } from '#app/services/failures.ts';

/** One row of the inbox list: who, what, the first line and when. */
export interface MessageSummary {
  id: string;
  senderName: string;
  email: string;
  subject: string;
  firstLine: string;
  receivedAt: string;
  unread: boolean;
  folder: MessageFolder;
  notifyState: 'none' | 'pending' | 'sent' | 'failed';
}

/** A message opened to read it whole. */
export interface MessageDetail extends MessageSummary {
  firstName: string;
  lastName: string;
  phone: string;
  body: string;
  spamReason: string;
  notifyError: string;
  notifyAttempts: number;
}

/** How much of the body the list reads: enough for its first line. */
const PREVIEW_CHARS = 160;
/** The Messages screen's permission, which every change to the inbox needs. */
export const MESSAGES_PERMISSION: Permission = 'manage_settings';

function firstLine(text: string): string {
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? '';
  return line.trim().slice(0, 120);
}

function filtered(filter: Pick<MessageFilter, 'folder' | 'q'>) {
  let query = getDb().selectFrom('messages').where('folder', '=', filter.folder);
  const term = filter.q;
  if (term) {
    query = query.where((eb) =>
      eb.or([
        containsText('first_name', term),
        containsText('last_name', term),
        containsText('email', term),
        containsText('subject', term),
        // "Ada Lovelace" finds Ada Lovelace: first and last name searched together.
        sql<boolean>`lower(first_name || ' ' || last_name) like lower(${likePattern(term)}) escape '\\'`,
      ]),
    );
  }
  return query;
}

const SUMMARY_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'subject', 'status', 'folder', 'created_at', 'notify_state'] as const;

type SummaryRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  status: 'unread' | 'read';
  folder: MessageFolder;
  created_at: string;
  notify_state: MessageSummary['notifyState'];
  preview: string;
};

function toSummary(row: SummaryRow): MessageSummary {
  return {
    id: row.id,
    senderName: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    subject: row.subject,
    firstLine: firstLine(row.preview),
    receivedAt: row.created_at,
    unread: row.status === 'unread',
    folder: row.folder,
    notifyState: row.notify_state,
  };
}

/** One screen of a folder, newest first, searched by sender and subject, paginated in the database. */
export async function listMessages(filter: MessageFilter): Promise<Paginated<MessageSummary>> {
  const base = filtered(filter);
  const screen = await listScreen({
    countQuery: base,
    itemsQuery: base
      .select(SUMMARY_COLUMNS)
      .select((eb) => eb.fn<string>('substr', [eb.ref('message'), eb.val(1), eb.val(PREVIEW_CHARS)]).as('preview'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    page: filter.page,
    cap: filter.q ? FILTERED_COUNT_CAP : COUNT_CAP,
  });
  return { ...screen, items: screen.items.map(toSummary) };
}

/** Unread messages in the inbox: the sidebar's badge. */
export async function countUnreadMessages(): Promise<number> {
  const row = await getDb()
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('folder', '=', 'inbox')
    .where('status', '=', 'unread')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Inbox messages whose mail notification failed for good: the inbox says so. */
export async function countFailedNotifications(): Promise<number> {
  const row = await getDb()
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('notify_state', '=', 'failed')
    .where('folder', '=', 'inbox')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Opens a message to read it whole; opening marks it read. */
export async function openMessage(id: string): Promise<Result<{ message: MessageDetail }>> {
  const db = getDb();
  const row = await db
    .selectFrom('messages')
    .select([...SUMMARY_COLUMNS, 'phone', 'message', 'spam_reason', 'notify_error', 'notify_attempts'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return notFound('This message no longer exists.');
  if (row.status === 'unread') await db.updateTable('messages').set({ status: 'read' }).where('id', '=', id).execute();
  const summary = toSummary({ ...row, preview: row.message });
  return {
    ok: true,
    message: {
      ...summary,
      unread: false,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      body: row.message,
      spamReason: row.spam_reason,
      notifyError: row.notify_error,
      notifyAttempts: Number(row.notify_attempts),
    },
  };
}

const FOLDER_OF: Partial<Record<MessageAction, MessageFolder>> = { archive: 'archived', spam: 'spam', inbox: 'inbox' };

/**
 * Applies one action to the given messages in one transaction: read, unread, move to a folder, or
 * delete (each deleted message audited in that transaction, by `actor`). Answers how many messages
 * it changed; ids that no longer exist are skipped.
 */
export async function applyMessageAction(actor: Actor, action: MessageAction, ids: readonly string[]): Promise<Result<{ count: number }>> {
  const refused = refuseWithout(actor, MESSAGES_PERMISSION);
  if (refused) return refused;
  if (ids.length === 0) return { ok: true, count: 0 };
  const unique = [...new Set(ids)];
  const count = await writeTransaction(async (trx) => {
    if (action === 'delete') {
      const gone = await trx.deleteFrom('messages').where('id', 'in', unique).returning(['id', 'email', 'subject']).execute();
      for (const message of gone) {
        await recordAudit(trx, {
          actor,
          action: 'message.deleted',
          target: { type: 'message', id: message.id, label: `${message.email}: ${message.subject}` },
        });
      }
      return gone.length;
    }
    const set =
      action === 'read'
        ? { status: 'read' as const }
        : action === 'unread'
          ? { status: 'unread' as const }
          : { folder: FOLDER_OF[action]! };
    const result = await trx.updateTable('messages').set(set).where('id', 'in', unique).executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
  if (count === 0) return notFound(unique.length === 1 ? 'This message no longer exists.' : 'These messages no longer exist.');
  return { ok: true, count };
}

/** The columns of a message the CSV export writes, as the database gives them. */
const EXPORT_COLUMNS = ['id', 'created_at', 'first_name', 'last_name', 'email', 'phone', 'subject', 'message', 'status', 'folder'] as const;
export type MessageExportRow = Pick<Selectable<MessageTable>, (typeof EXPORT_COLUMNS)[number]>;

/** Every message of a folder and search (the CSV export), newest first, in batches. */
export async function* messagesForExport(filter: Pick<MessageFilter, 'folder' | 'q'>, batch = 500): AsyncGenerator<MessageExportRow> {
  let offset = 0;
  for (;;) {
    const rows = await filtered(filter)
      .select(EXPORT_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(batch)
      .offset(offset)
      .execute();
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    offset += batch;
  }
}
