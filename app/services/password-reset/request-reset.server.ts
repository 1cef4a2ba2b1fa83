import { getDb } from '#app/db/client.server.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { addressKey } from '#app/lib/ip-address.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { accountTag } from '#app/services/auth/rate-limit.server.ts';
import type { Result } from '#app/services/failures.ts';
import { sendMail } from '#app/services/mail/send-mail.server.ts';
import { getSiteSettings } from '#app/services/settings/settings.server.ts';
import { countAttempt, type ThrottleRule, tooManyAttempts } from '#app/services/throttles/throttles.server.ts';

import { issueResetLink } from './reset-links.server.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Reset requests from one address (an IPv6 address by its /64), whatever the e-mail: refused with 429 past it. */
export const RESET_REQUESTS_PER_ADDRESS: ThrottleRule = { limit: 10, windowMs: HOUR_MS };
/**
 * Reset mails to one e-mail address, from every address together: past it the answer stays the same and nothing
 * is sent, so nobody can fill a colleague's inbox, and the limit says nothing about whether the account exists.
 */
export const RESET_MAILS_PER_ACCOUNT: ThrottleRule = { limit: 3, windowMs: HOUR_MS };

/**
 * "Forgot password?": counts the request against the address and the e-mail BEFORE anything is looked up, then
 * answers at once, the same whether or not an active account has this e-mail; the look-up, the link and the mail
 * happen after the answer (`delivery`, awaited only by tests), so neither the answer nor its timing tells who has an
 * account. Only the address limit is ever said (429), and it is counted whatever the e-mail.
 */
export async function requestPasswordReset(input: { email: string; ip: string }): Promise<Result<{ delivery: Promise<boolean> }>> {
  const email = input.email.trim().toLowerCase();
  const address = await countAttempt(`password-reset:ip:${addressKey(input.ip)}`, RESET_REQUESTS_PER_ADDRESS);
  if (!address.allowed) return tooManyAttempts(address, 'reset requests from your network');
  const account = await countAttempt(`password-reset:account:${accountTag(email)}`, RESET_MAILS_PER_ACCOUNT);
  if (!account.allowed) return { ok: true, delivery: Promise.resolve(false) };
  const delivery = deliverResetLink(email).catch((error: unknown) => {
    console.error('Could not send a password reset link:', error);
    return false;
  });
  return { ok: true, delivery };
}

/** For an active account with this e-mail: a new link (the last one stops working), audited, then mailed. */
async function deliverResetLink(email: string): Promise<boolean> {
  const user = await getDb()
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('email', '=', email)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!user) return false;
  const issued = await writeTransaction(async (trx) => {
    const link = await issueResetLink(trx, user.id, null);
    await recordAudit(trx, {
      actor: { id: user.id, name: user.name },
      action: 'user.password_reset_requested',
      target: { type: 'user', id: user.id, label: `${user.name} <${user.email}>` },
      details: { expiresAt: link.expiresAt },
    });
    return link;
  });
  const siteName = (await getSiteSettings()).siteName || 'Atelier';
  const sent = await sendMail({
    to: user.email,
    subject: `Reset your password for ${siteName}`,
    text: [
      `Hello ${user.name},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${siteName} account. Choose a new password here:`,
      '',
      issued.link,
      '',
      'This link works once and expires in 1 hour. Resetting your password signs you out everywhere and revokes your API tokens.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
  if (!sent.sent && sent.reason === 'failed') console.error(`Could not e-mail a password reset link: ${sent.failure ?? sent.message}`);
  return sent.sent;
}
