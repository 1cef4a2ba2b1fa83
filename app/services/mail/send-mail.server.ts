import nodemailer from 'nodemailer';

import { getEmailSettings, getStoredSmtpPassword } from '#app/services/settings/settings.server.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Where the recipient's Reply goes (a contact message's sender). */
  replyTo?: string;
}

/** `detail` is the SMTP client's own error, for logs and the staff who fix the settings; never for visitors. */
export type SendResult = { sent: true } | { sent: false; reason: 'not-configured' | 'failed'; message: string; detail?: string };

/** True when Settings → Email names a host, a port and a sender. */
export async function mailConfigured(): Promise<boolean> {
  const settings = await getEmailSettings();
  return !!(settings.smtpHost && settings.smtpPort && settings.fromEmail);
}

/**
 * Sends one plain-text mail through the SMTP server of Settings → Email. A failure is reported, never
 * thrown: mail is a convenience on top of a change that has already been saved.
 */
export async function sendMail(mail: OutgoingMail): Promise<SendResult> {
  const settings = await getEmailSettings();
  if (!settings.smtpHost || !settings.smtpPort || !settings.fromEmail) {
    return { sent: false, reason: 'not-configured', message: 'No SMTP server is configured in Settings → Email.' };
  }
  const password = await getStoredSmtpPassword();
  const transport = nodemailer.createTransport({
    host: settings.smtpHost.replace(/^\[|\]$/g, ''),
    port: settings.smtpPort,
    secure: settings.smtpPort === 465,
    auth: settings.smtpUsername ? { user: settings.smtpUsername, pass: password } : undefined,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  try {
    await transport.sendMail({ from: settings.fromEmail, to: mail.to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo });
    return { sent: true };
  } catch (error) {
    console.error('Could not send mail:', error);
    const detail = error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300);
    return { sent: false, reason: 'failed', message: 'The invitation could not be e-mailed; copy the link instead.', detail };
  } finally {
    transport.close();
  }
}
