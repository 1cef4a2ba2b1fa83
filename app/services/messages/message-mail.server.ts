import { getDb } from '#app/db/client.server.ts';
import { getEnv } from '#app/env.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { getContactSettings } from '#app/services/contact/contact-settings.server.ts';
import { conflict, rateLimited, refuseWithout, type Result } from '#app/services/failures.ts';
import { mailConfigured, sendMail } from '#app/services/mail/send-mail.server.ts';
import { MESSAGES_PERMISSION } from '#app/services/messages/messages.server.ts';
import { countAttempt, type ThrottleRule } from '#app/services/throttles/throttles.server.ts';

/** Attempts before a notification is marked failed: about an hour and a half of retries in all. */
export const NOTIFY_MAX_ATTEMPTS = 5;
/** Wait before retry n (after the nth failure). */
export const NOTIFY_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
/** A send in progress holds its row this long; a crash mid-send lets another pass retry it after. */
const CLAIM_MS = 2 * 60_000;

/**
 * Whether a new message gets a mail notification: SMTP is configured. The message is then stored
 * with notify_state 'pending', so a send interrupted by a restart or failed by the server is retried,
 * never lost.
 */
export async function shouldNotifyNewMessages(): Promise<boolean> {
  return mailConfigured();
}

function adminLink(id: string): string {
  try {
    return `${getEnv().SITE_URL}/admin/messages/${id}`;
  } catch {
    return `/admin/messages/${id}`;
  }
}

/**
 * Sends the due notifications once: each row is claimed first (its next attempt moved past the
 * claim period with a conditional update), so two passes or two processes never send one twice.
 * Answers how many were sent.
 */
export async function deliverDueNotifications(now = Date.now()): Promise<number> {
  const db = getDb();
  const due = await db
    .selectFrom('messages')
    .select(['id', 'notify_next_at'])
    .where('notify_state', '=', 'pending')
    .where('notify_next_at', '<=', new Date(now).toISOString())
    .orderBy('notify_next_at')
    .limit(20)
    .execute();
  let sent = 0;
  for (const { id, notify_next_at: nextAt } of due) {
    const claimed = await db
      .updateTable('messages')
      .set({ notify_next_at: new Date(now + CLAIM_MS).toISOString() })
      .where('id', '=', id)
      .where('notify_state', '=', 'pending')
      .where('notify_next_at', '=', nextAt)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    if (await deliverOne(id, now)) sent++;
  }
  return sent;
}

async function deliverOne(id: string, now: number): Promise<boolean> {
  const db = getDb();
  const message = await db
    .selectFrom('messages')
    .select(['first_name', 'last_name', 'email', 'phone', 'subject', 'message', 'created_at', 'notify_attempts'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!message) return false;
  const { email: to } = await getContactSettings();
  const sender = `${message.first_name} ${message.last_name}`.trim();
  const result = to
    ? await sendMail({
        to,
        replyTo: message.email,
        subject: `New message from ${sender}: ${message.subject}`.slice(0, 250),
        text: [
          `${sender} <${message.email}> sent a message through the contact form on ${message.created_at.slice(0, 16).replace('T', ' ')} UTC.`,
          message.phone ? `Phone: ${message.phone}` : '',
          `Subject: ${message.subject}`,
          '',
          message.message,
          '',
          `Read it in the inbox: ${adminLink(id)}`,
        ]
          .filter((line, index) => line !== '' || index > 2)
          .join('\n'),
      })
    : ({ sent: false, reason: 'not-configured', message: 'The site has no contact email (Contact settings).' } as const);

  if (result.sent) {
    await db
      .updateTable('messages')
      .set({ notify_state: 'sent', notify_error: '', notify_next_at: null, notify_attempts: Number(message.notify_attempts) + 1 })
      .where('id', '=', id)
      .execute();
    return true;
  }
  const attempts = Number(message.notify_attempts) + 1;
  // Our own reason (from the error's code), never the mail server's text: it is shown on the message page.
  const error = (('failure' in result && result.failure) || result.message).slice(0, 300);
  const giveUp = attempts >= NOTIFY_MAX_ATTEMPTS || result.reason === 'not-configured';
  console.error(`New-message mail for message ${id} failed (attempt ${attempts}${giveUp ? ', giving up' : ''}): ${error}`);
  await db
    .updateTable('messages')
    .set({
      notify_state: giveUp ? 'failed' : 'pending',
      notify_attempts: attempts,
      notify_error: error,
      notify_next_at: giveUp
        ? null
        : new Date(now + NOTIFY_BACKOFF_MS[Math.min(attempts - 1, NOTIFY_BACKOFF_MS.length - 1)]!).toISOString(),
    })
    .where('id', '=', id)
    .execute();
  return false;
}

/** Retry makes the server connect to the mail server at once: a few per user, not a loop. */
export const RETRY_RULE: ThrottleRule = { limit: 10, windowMs: 10 * 60 * 1000 };

/**
 * Puts a failed notification back in the queue (the inbox's Retry, after fixing the settings), at most
 * `RETRY_RULE` times per user; not-found when the message has no failed notification.
 */
export async function retryMessageNotification(actor: Actor, id: string): Promise<Result> {
  const refused = refuseWithout(actor, MESSAGES_PERMISSION);
  if (refused) return refused;
  const hit = await countAttempt(`mail-retry:user:${actor.id}`, RETRY_RULE);
  if (!hit.allowed)
    return rateLimited(hit.retryAfterSeconds, `Too many retries; try again in ${Math.ceil(hit.retryAfterSeconds / 60)} minutes.`);
  const result = await getDb()
    .updateTable('messages')
    .set({ notify_state: 'pending', notify_attempts: 0, notify_error: '', notify_next_at: nowIso() })
    .where('id', '=', id)
    .where('notify_state', '=', 'failed')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return conflict('This message has no failed email notification to retry.');
  void kickDelivery();
  return { ok: true };
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Runs a delivery pass in the background now, one at a time (a kick during a pass runs another after
 * it); never throws into the request that queued it. The promise is for tests.
 */
export function kickDelivery(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      try {
        await deliverDueNotifications();
      } catch (error) {
        console.error('Message notification pass failed:', error);
      }
    } while (again);
    running = null;
  })();
  return running;
}
