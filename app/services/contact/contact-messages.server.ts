import { getDb } from '#app/db/client.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { ContactInput } from '#app/schemas/contact.ts';
import { kickDelivery, shouldNotifyNewMessages } from '#app/services/messages/message-mail.server.ts';
import { notifyNewMessage } from '#app/services/notifications/notifications.server.ts';
import { admitSubmission, type PublicFormLimits } from '#app/services/public-forms/submission-limits.server.ts';

/** The form the signed timestamp belongs to (`signedFormToken`). */
export const CONTACT_FORM = 'contact-form';

const MINUTE = 60 * 1000;
/** What looks like a person: at most 5 messages per address (IPv6: per /64) in 10 minutes, 30 a minute site-wide. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * MINUTE };
/**
 * What the bot check caught is counted apart, with higher bounds: a bot's junk never uses up the allowance of the
 * people sharing its address, and cannot fill the Spam folder without end.
 */
export const SPAM_RATE_LIMIT = { max: 50, windowMs: CONTACT_RATE_LIMIT.windowMs };
export const CONTACT_LIMITS: PublicFormLimits = {
  person: { perAddress: { limit: CONTACT_RATE_LIMIT.max, windowMs: CONTACT_RATE_LIMIT.windowMs }, global: { limit: 30, windowMs: MINUTE } },
  caught: { perAddress: { limit: SPAM_RATE_LIMIT.max, windowMs: SPAM_RATE_LIMIT.windowMs }, global: { limit: 120, windowMs: MINUTE } },
};

export type SubmitResult = { ok: true; id: string } | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

/**
 * Stores a validated contact message for the admin Messages inbox, unless its address (or the whole site) is past
 * its limit (`CONTACT_LIMITS`, counted atomically by `admitSubmission`). What the bot check caught (`spamReason`) is
 * stored under Spam with its reason, never dropped. The sender's address is kept for `CONTACT_IP_RETENTION_DAYS`
 * (`pruneContactAddresses`).
 */
export async function submitContactMessage(input: ContactInput & { ip: string; spamReason?: string }): Promise<SubmitResult> {
  const db = getDb();
  const spam = !!input.spamReason;
  const admission = await admitSubmission({ form: CONTACT_FORM, address: input.ip, caught: spam, limits: CONTACT_LIMITS });
  if (!admission.allowed) return { ok: false, reason: 'rate-limited', retryAfterSeconds: admission.retryAfterSeconds };
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
