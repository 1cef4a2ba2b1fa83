import { getDb } from '#app/db/client.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { ContactInput } from '#app/schemas/contact.ts';

/** Per-IP spam guard: at most this many messages per window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };

export type SubmitResult = { ok: true; id: string } | { ok: false; reason: 'rate-limited' };

/**
 * Stores a validated contact message for the admin Messages inbox, unless this
 * address already sent CONTACT_RATE_LIMIT.max messages in the window. The
 * messages table itself is the counter, so the limit survives restarts.
 */
export async function submitContactMessage(input: ContactInput & { ip: string }): Promise<SubmitResult> {
  const db = getDb();
  const since = new Date(Date.now() - CONTACT_RATE_LIMIT.windowMs).toISOString();
  const recent = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('ip', '=', input.ip)
    .where('created_at', '>', since)
    .executeTakeFirst();
  if (Number(recent?.count ?? 0) >= CONTACT_RATE_LIMIT.max) return { ok: false, reason: 'rate-limited' };
  const id = newId();
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
    })
    .execute();
  return { ok: true, id };
}
