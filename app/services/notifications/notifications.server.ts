import { type ExpressionBuilder, type Kysely, sql, type SqlBool } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { NotificationKind } from '#app/lib/notification-kinds.ts';
import { isPermission, type Permission } from '#app/lib/permissions.ts';

/** Who may see what: the user's id and their role's permissions. */
export interface NotificationViewer {
  id: string;
  role: { permissions: readonly string[] } | null;
}

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  message: string;
  link: string;
  createdAt: string;
  unread: boolean;
}

export interface NewNotification {
  kind: NotificationKind;
  message: string;
  link?: string;
  /** Everyone holding this permission sees it… */
  permission?: Permission;
  /** …or this one user only. */
  userId?: string;
  /** Who caused it: they are not notified of their own act. */
  actorId?: string | null;
}

/** Stores a notification; `db` lets a caller write it in its own transaction. */
export async function notify(input: NewNotification, db: Kysely<Database> = getDb()): Promise<string> {
  if (!input.permission && !input.userId) throw new Error('A notification needs a permission or a user');
  const id = newId();
  await db
    .insertInto('notifications')
    .values({
      id,
      kind: input.kind,
      message: input.message.slice(0, 500),
      link: input.link ?? '',
      permission: input.userId ? null : (input.permission ?? null),
      user_id: input.userId ?? null,
      actor_id: input.actorId ?? null,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** A theme activated by someone: the other administrators (those who manage settings) are told. */
export function notifyThemeActivated(input: { actor: { id: string; name: string }; themeName: string }): Promise<string> {
  return notify({
    kind: 'theme_activated',
    message: `${input.actor.name} activated the ${input.themeName} theme`,
    link: '/admin/themes',
    permission: 'manage_settings',
    actorId: input.actor.id,
  });
}

/** A post sent for review: those who may publish posts are told. */
export function notifyPostForReview(
  input: { actor: { id: string; name: string } | null; postId: string; title: string },
  db?: Kysely<Database>,
): Promise<string> {
  return notify(
    {
      kind: 'post_review',
      message: `${input.actor?.name ?? 'Someone'} sent “${input.title}” for review`,
      link: `/admin/blog/${input.postId}`,
      permission: 'publish_posts',
      actorId: input.actor?.id ?? null,
    },
    db,
  );
}

/** A new contact message: those who may read the inbox are told. */
export function notifyNewMessage(input: { messageId: string; sender: string; subject: string }): Promise<string> {
  return notify({
    kind: 'message',
    message: `New message from ${input.sender}: ${input.subject}`,
    link: `/admin/messages/${input.messageId}`,
    permission: 'manage_settings',
  });
}

const MESSAGE_LINK = '/admin/messages/';

/**
 * Unread: a new-message notification is unread exactly while its message is (opened in the inbox, marked read or
 * unread there, or deleted: the bell follows); any other notification until this viewer reads it.
 */
function isUnread(
  eb: ExpressionBuilder<
    Database & { n: Database['notifications']; s: Database['notification_states']; m: Database['messages'] },
    'n' | 's' | 'm'
  >,
) {
  return eb.or([
    eb.and([eb('n.kind', '=', 'message'), eb('m.status', '=', 'unread')]),
    eb.and([eb('n.kind', '<>', 'message'), eb('s.read_at', 'is', null)]),
  ]);
}

function visibleTo(viewer: NotificationViewer) {
  const permissions = (viewer.role?.permissions ?? []).filter(isPermission);
  return (
    getDb()
      .selectFrom('notifications as n')
      .leftJoin('notification_states as s', (join) => join.onRef('s.notification_id', '=', 'n.id').on('s.user_id', '=', viewer.id))
      // A new-message notification is about one message of the shared inbox: it leads to it by its link.
      .leftJoin('messages as m', (join) => join.on(sql<SqlBool>`n.kind = 'message' and n.link = ${MESSAGE_LINK} || m.id`))
      .where((eb) =>
        eb.and([
          eb.or([
            eb('n.user_id', '=', viewer.id),
            ...(permissions.length ? [eb.and([eb('n.user_id', 'is', null), eb('n.permission', 'in', permissions)])] : []),
          ]),
          eb.or([eb('n.actor_id', 'is', null), eb('n.actor_id', '!=', viewer.id)]),
          eb('s.dismissed_at', 'is', null),
        ]),
      )
  );
}

/** The viewer's notifications, newest first (dismissed ones left out). */
export async function listNotifications(viewer: NotificationViewer, limit = 50): Promise<NotificationView[]> {
  const rows = await visibleTo(viewer)
    .select(['n.id', 'n.kind', 'n.message', 'n.link', 'n.created_at', 's.read_at', 'm.status as message_status'])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as NotificationKind,
    message: row.message,
    link: row.link,
    createdAt: row.created_at,
    unread: row.kind === 'message' ? row.message_status === 'unread' : !row.read_at,
  }));
}

export async function countUnreadNotifications(viewer: NotificationViewer): Promise<number> {
  const row = await visibleTo(viewer)
    .where(isUnread)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

async function setState(viewer: NotificationViewer, ids: string[], change: { read_at?: string; dismissed_at?: string }): Promise<number> {
  // Only notifications this viewer may see can be marked.
  const rows = ids.length ? await visibleTo(viewer).select(['n.id', 'm.id as message_id']).where('n.id', 'in', ids).execute() : [];
  const visible = rows.map((row) => row.id);
  const db = getDb();
  // Reading a new-message notification reads its message, for everyone (the bell follows the message).
  const messages = rows.flatMap((row) => (row.message_id ? [row.message_id] : []));
  if (change.read_at && messages.length) await db.updateTable('messages').set({ status: 'read' }).where('id', 'in', messages).execute();
  for (const id of visible) {
    await db
      .insertInto('notification_states')
      .values({
        notification_id: id,
        user_id: viewer.id,
        read_at: change.read_at ?? change.dismissed_at ?? null,
        dismissed_at: change.dismissed_at ?? null,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['notification_id', 'user_id'])
          .doUpdateSet(change.dismissed_at ? { dismissed_at: change.dismissed_at } : { read_at: change.read_at! }),
      )
      .execute();
  }
  return visible.length;
}

export function markNotificationRead(viewer: NotificationViewer, id: string): Promise<number> {
  return setState(viewer, [id], { read_at: nowIso() });
}

export function dismissNotification(viewer: NotificationViewer, id: string): Promise<number> {
  return setState(viewer, [id], { dismissed_at: nowIso() });
}

/** Marks every notification the viewer can see as read. */
export async function markAllNotificationsRead(viewer: NotificationViewer): Promise<number> {
  const unread = await visibleTo(viewer).where(isUnread).select('n.id').limit(1000).execute();
  return setState(
    viewer,
    unread.map((row) => row.id),
    { read_at: nowIso() },
  );
}
