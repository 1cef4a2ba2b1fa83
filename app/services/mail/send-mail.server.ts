import type net from 'node:net';

import nodemailer from 'nodemailer';

import { getEmailSettings, getStoredSmtpPassword } from '#app/services/settings/settings.server.ts';

import { smtpFailureReason } from './smtp-failure.server.ts';
import { connectSmtp } from './smtp-policy.server.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Where the recipient's Reply goes (a contact message's sender). */
  replyTo?: string;
}

/**
 * `failure` is a short reason of our own (`smtpFailureReason`), for the staff who fix the settings: never the
 * remote server's text, which goes only to the server's log.
 */
export type SendResult = { sent: true } | { sent: false; reason: 'not-configured' | 'failed'; message: string; failure?: string };

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The connection nodemailer sends over, opened under the SMTP policy (`connectSmtp`): nodemailer never resolves
 * or dials the host itself, so the address checked is the address used. TLS (port 465, STARTTLS) is set up by
 * nodemailer over this socket, still verifying the certificate against the host name.
 */
function policySocket(host: string, port: number) {
  return (_options: unknown, callback: (error: Error | null, socket?: { connection: net.Socket }) => void) => {
    const socket = connectSmtp(host, port);
    const timer = setTimeout(
      () => socket.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
      CONNECT_TIMEOUT_MS,
    );
    const settle = (error: Error | null) => {
      clearTimeout(timer);
      socket.off('connect', onConnect).off('error', settle);
      if (error) callback(error);
      else callback(null, { connection: socket });
    };
    const onConnect = () => settle(null);
    socket.once('connect', onConnect).once('error', settle);
  };
}

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
  const host = settings.smtpHost.replace(/^\[|\]$/g, '');
  const transport = nodemailer.createTransport({
    host,
    port: settings.smtpPort,
    secure: settings.smtpPort === 465,
    auth: settings.smtpUsername ? { user: settings.smtpUsername, pass: password } : undefined,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
    getSocket: policySocket(host, settings.smtpPort),
  });
  try {
    await transport.sendMail({ from: settings.fromEmail, to: mail.to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo });
    return { sent: true };
  } catch (error) {
    console.error('Could not send mail:', error);
    return {
      sent: false,
      reason: 'failed',
      message: 'The invitation could not be e-mailed; copy the link instead.',
      failure: smtpFailureReason(error),
    };
  } finally {
    transport.close();
  }
}
