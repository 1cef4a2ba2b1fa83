import { newId, nowIso } from '#app/lib/ids.ts';
import type { ContactInput } from '#app/schemas/contact.ts';
import { kickDelivery, shouldNotifyNewMessages } from '#app/services/messages/message-mail.server.ts';
import { notifyNewMessage } from '#app/services/notifications/notifications.server.ts';
import { storedResult, storeOnce, submissionKey } from '#app/services/public-forms/idempotency.server.ts';
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

export type SubmitResult = { ok: true; id: string; replay: boolean } | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

/**
 * Stores a validated contact message for the admin Messages inbox, unless its address (or the whole site) is past
 * its limit (`CONTACT_LIMITS`, counted atomically by `admitSubmission`). What the bot check caught (`spamReason`) is
 * stored under Spam with its reason, never dropped. The sender's address is kept for `CONTACT_IP_RETENTION_DAYS`
 * (`pruneContactAddresses`). A resend of the same render's form with the same fields (`submissionToken`) is stored
 * once and answered as the first (`storeOnce`), before any limit counts it.
 */
export async function submitContactMessage(
  input: ContactInput & { ip: string; spamReason?: string; submissionToken?: string },
): Promise<SubmitResult> {
  const spam = !!input.spamReason;
  const { firstName, lastName, email, phone, subject, message } = input;
  // A resend of a message already stored (same form render, same words) is answered as the first, counted nowhere.
  const key = submissionKey(CONTACT_FORM, input.submissionToken ?? '', { firstName, lastName, email, phone, subject, message });
  const earlier = await storedResult(CONTACT_FORM, key);
  if (earlier) return { ok: true, id: earlier, replay: true };
  const admission = await admitSubmission({ form: CONTACT_FORM, address: input.ip, caught: spam, limits: CONTACT_LIMITS });
  if (!admission.allowed) return { ok: false, reason: 'rate-limited', retryAfterSeconds: admission.retryAfterSeconds };
  const notify = !spam && (await shouldNotifyNewMessages());
  const saved = await storeOnce({ form: CONTACT_FORM, key }, async (trx) => {
    const id = newId();
    await trx
      .insertInto('messages')
      .values({
        id,
        first_name: firstName,
        last_name: lastName,
        email,
        phone,
        subject,
        message,
        status: 'unread',
        ip: input.ip,
        created_at: nowIso(),
        folder: spam ? 'spam' : 'inbox',
        spam_reason: input.spamReason ?? '',
        notify_state: notify ? 'pending' : 'none',
        notify_next_at: notify ? nowIso() : null,
      })
      .execute();
    return id;
  });
  if (saved.replay) return { ok: true, id: saved.id, replay: true };
  // Sent in the background: the visitor's answer never waits for the mail server.
  if (notify) void kickDelivery();
  if (!spam) {
    await notifyNewMessage({ messageId: saved.id, sender: `${firstName} ${lastName}`.trim(), subject }).catch((error: unknown) =>
      console.error('Could not record the new-message notification:', error),
    );
  }
  return { ok: true, id: saved.id, replay: false };
}
