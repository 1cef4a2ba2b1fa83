import { sendMail, type SendResult } from '#app/services/mail/send-mail.server.ts';

/** E-mails an invitation link (when SMTP is configured); the link itself is built by the caller from the site's origin. */
export function mailInvitation(invitee: { email: string; name: string }, link: string, siteName: string): Promise<SendResult> {
  return sendMail({
    to: invitee.email,
    subject: `You are invited to ${siteName}`,
    text: [
      `Hello ${invitee.name},`,
      '',
      `You have been invited to the ${siteName} admin. Choose your password here to activate your account:`,
      '',
      link,
      '',
      'This link works once and expires in 7 days. If you did not expect it, ignore this message.',
    ].join('\n'),
  });
}
