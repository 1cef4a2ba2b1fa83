import { invitationLink, type InviteFlash, inviteFlashHeader } from '#app/http/invite-flash.server.ts';
import { redirectWithToast, type Toast } from '#app/http/toast.server.ts';
import { getSiteSettings } from '#app/services/settings/settings.server.ts';
import { mailInvitation } from '#app/services/users/invitation-mail.server.ts';

/**
 * After an invitation was issued: e-mails it when asked (and SMTP is configured), then returns to the
 * Users tab with the toast and the link shown once for copying.
 */
export async function deliverInvitation(options: {
  invitee: { name: string; email: string };
  token: string;
  mail: boolean;
  back: string;
  toast: Toast;
}): Promise<Response> {
  const link = invitationLink(options.token);
  let emailed = false;
  let note: string | null = null;
  if (options.mail) {
    const site = await getSiteSettings();
    const sent = await mailInvitation(options.invitee, link, site.siteName || 'Atelier');
    emailed = sent.sent;
    if (!sent.sent)
      note = sent.reason === 'not-configured' ? 'No SMTP server is configured (Settings → Email), so nothing was e-mailed.' : sent.message;
  }
  const flash: InviteFlash = { ...options.invitee, link, emailed, note };
  return redirectWithToast(options.back, options.toast, { headers: { 'Set-Cookie': await inviteFlashHeader(flash) } });
}
