import { writeTransaction } from '#app/db/transaction.server.ts';
import { getEnv } from '#app/env.server.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { removeTwoFactor } from '#app/services/auth/two-factor.server.ts';
import { conflict, forbidden, refuseWithout, type Result } from '#app/services/failures.ts';
import { sendMail } from '#app/services/mail/send-mail.server.ts';
import { notify } from '#app/services/notifications/notifications.server.ts';
import { getSiteSettings } from '#app/services/settings/settings.server.ts';

import { loadManagedColleague } from './user-guards.server.ts';

const SET_UP_PATH = '/admin/account/two-factor';

/**
 * Someone who manages users (manage_users, checked by the route) clears another user's two-factor
 * sign-in, e.g. after a lost phone (manage_users, checked here too): only for a user they may manage (checkUserChange: nobody manages
 * a user whose role holds permissions they lack), never their own. In one transaction the enrolment
 * goes, the reset is audited and the user is notified in the admin; then they are e-mailed when
 * SMTP is configured (`mailed`), so a reset they did not ask for does not go unnoticed.
 */
export async function resetTwoFactor(actor: Actor, userId: string): Promise<Result<{ mailed: boolean }>> {
  const refused = refuseWithout(actor, 'manage_users');
  if (refused) return refused;
  // One's own second factor is turned off with the password and a current code, never by this shortcut.
  if (actor.id === userId) return forbidden('Turn off your own two-factor sign-in from your account page, with a current code.');
  const done = await writeTransaction(async (trx) => {
    const colleague = await loadManagedColleague(trx, actor, userId);
    if (!colleague.ok) return colleague;
    const target = colleague.user;
    const actorName = actor.name || 'An administrator';
    const had = await removeTwoFactor(trx, target.id, {
      actor: { id: actor.id, name: actor.name },
      action: 'two_factor.reset',
      target: { type: 'user', id: target.id, label: target.email },
    });
    if (!had) return conflict('This user has not turned on two-factor sign-in.');
    await notify(
      {
        kind: 'two_factor_reset',
        message: `${actorName} reset your two-factor sign-in. Set it up again from My Account.`,
        link: SET_UP_PATH,
        userId: target.id,
        actorId: actor.id,
      },
      trx,
    );
    return { ok: true as const, target, actorName };
  });
  if (!done.ok) return done;
  return { ok: true, mailed: await mailReset(done.target, done.actorName) };
}

/** The e-mail about a reset (when SMTP is configured); a failure is logged, never the reset's. */
async function mailReset(user: { email: string; name: string }, actorName: string): Promise<boolean> {
  const siteName = (await getSiteSettings()).siteName || 'Atelier';
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const sent = await sendMail({
    to: user.email,
    subject: `Your two-factor sign-in on ${siteName} was reset`,
    text: [
      `Hello ${user.name},`,
      '',
      `${actorName} reset two-factor sign-in on your ${siteName} account on ${when} UTC. Until you set it up again, you sign in with your password alone.`,
      '',
      `Set it up again here: ${getEnv().SITE_URL}${SET_UP_PATH}`,
      '',
      'If you did not ask for this, tell another administrator and change your password.',
    ].join('\n'),
  });
  if (!sent.sent && sent.reason === 'failed')
    console.error(`Could not e-mail ${user.email} about their two-factor reset: ${sent.failure ?? sent.message}`);
  return sent.sent;
}
