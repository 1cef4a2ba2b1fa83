import { POLICY_ERROR_CODE } from './smtp-policy.server.ts';

/**
 * A short reason of our own for a failed SMTP connection or send, from the error's code (and the SMTP reply
 * code, a number) only: error messages carry what the remote end sent (banners, replies), which is never
 * stored or shown.
 */
export function smtpFailureReason(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  const reply = typeof responseCode === 'number' && responseCode >= 200 && responseCode <= 599 ? ` (${responseCode})` : '';
  switch (code) {
    case POLICY_ERROR_CODE:
      // Our own words (SmtpPolicyError), never the remote's.
      return message ?? 'not allowed by the SMTP policy';
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EDNS':
      return 'host not found';
    case 'ETIMEDOUT':
      return 'connection timed out';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'EAUTH':
      return `the server refused the username or password${reply}`;
    case 'ETLS':
      return 'a secure (TLS) connection could not be set up';
    case 'EENVELOPE':
      return `the server refused the sender or recipient${reply}`;
    case 'EMESSAGE':
      return `the server refused the message${reply}`;
    case 'EPROTOCOL':
      return 'the server did not answer as an SMTP server';
    default:
      return reply ? `the server refused the message${reply}` : 'could not connect';
  }
}
