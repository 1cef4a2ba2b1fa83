import { getDb } from '#app/db/client.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { ContactInput } from '#app/schemas/contact.ts';
import { kickDelivery, shouldNotifyNewMessages } from '#app/services/messages/message-mail.server.ts';
import { notifyNewMessage } from '#app/services/notifications/notifications.server.ts';

/** Per-IP spam guard: at most this many messages per window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
/**
 * What the spam filter caught is counted apart, with a higher bound: a bot's junk never uses up
 * the allowance of the people sharing its address, and cannot fill the Spam folder without end.
 */
export const SPAM_RATE_LIMIT = { max: 50, windowMs: CONTACT_RATE_LIMIT.windowMs };

export type SubmitResult = { ok: true; id: string } | { ok: false; reason: 'rate-limited' };

/**
 * Stores a validated contact message for the admin Messages inbox, unless this
 * address already sent CONTACT_RATE_LIMIT.max messages in the window. The
 * messages table itself is the counter, so the limit survives restarts. What the spam filter
 * caught (`spamReason`) is stored under Spam with its reason, never dropped.
 */
export async function submitContactMessage(input: ContactInput & { ip: string; spamReason?: string }): Promise<SubmitResult> {
  const db = getDb();
  const since = new Date(Date.now() - CONTACT_RATE_LIMIT.windowMs).toISOString();
  const spam = !!input.spamReason;
  const limit = spam ? SPAM_RATE_LIMIT.max : CONTACT_RATE_LIMIT.max;
  const recent = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('ip', '=', input.ip)
    .where('created_at', '>', since)
    .where('folder', spam ? '=' : '!=', 'spam')
    .executeTakeFirst();
  if (Number(recent?.count ?? 0) >= limit) return { ok: false, reason: 'rate-limited' };
  const id = newId();
  const notify = !spam && (await shouldNotifyNewMessages());
  await db
    .insertInto('messages')
    .values({
      id,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      status: 'unread',
      ip: input.ip,
      created_at: nowIso(),
      folder: spam ? 'spam' : 'inbox',
      spam_reason: input.spamReason ?? '',
      notify_state: notify ? 'pending' : 'none',
      notify_next_at: notify ? nowIso() : null,
    })
    .execute();
  // Sent in the background: the visitor's answer never waits for the mail server.
  if (notify) void kickDelivery();
  if (!spam) {
    await notifyNewMessage({ messageId: id, sender: `${input.firstName} ${input.lastName}`.trim(), subject: input.subject }).catch(
      (error: unknown) => console.error('Could not record the new-message notification:', error),
    );
  }
  return { ok: true, id };
}
