import { smtpFailureReason } from '#app/services/mail/smtp-failure.server.ts';
import { allowedSmtpPortsText, connectSmtp, isAllowedSmtpPort } from '#app/services/mail/smtp-policy.server.ts';
import { countAttempt, type ThrottleRule } from '#app/services/throttles/throttles.server.ts';

export const SMTP_CHECK_TIMEOUT_MS = 5000;
/** A settings manager testing a configuration needs a few tries; more looks like scanning. */
export const SMTP_CHECK_RULE: ThrottleRule = { limit: 10, windowMs: 10 * 60 * 1000 };

/**
 * Only our own texts and the host and port we were given: nothing the remote end sent is ever shown back. `field`
 * names the form field a refusal before any connection is about.
 */
export type SmtpCheckResult = { ok: true } | { ok: false; message: string; field?: 'smtpPort' };

/**
 * Test Connection as the settings screen uses it: only the ports and addresses of the SMTP policy
 * (`smtp-policy.server.ts`, the same as for saving and sending), at most `SMTP_CHECK_RULE` tries per user, then
 * the probe below.
 */
export async function testSmtpConnection(userId: string, host: string, port: number): Promise<SmtpCheckResult> {
  if (!isAllowedSmtpPort(port))
    return { ok: false, field: 'smtpPort', message: `Test Connection only checks the SMTP ports ${allowedSmtpPortsText()}.` };
  const hit = await countAttempt(`smtp-check:user:${userId}`, SMTP_CHECK_RULE);
  if (!hit.allowed)
    return { ok: false, message: `Too many connection tests; try again in ${Math.ceil(hit.retryAfterSeconds / 60)} minutes` };
  return probeSmtp(host, port);
}

/**
 * Opens a TCP connection and reads the greeting, which must start with 220 (RFC 5321). It says QUIT and closes;
 * nothing else is sent and no password is used. At most 4 KB are read before giving up.
 */
export function probeSmtp(host: string, port: number, timeoutMs = SMTP_CHECK_TIMEOUT_MS): Promise<SmtpCheckResult> {
  return new Promise((resolve) => {
    let received = '';
    let settled = false;
    const socket = connectSmtp(host, port);
    const finish = (result: SmtpCheckResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result.ok && socket.writable) socket.end('QUIT\r\n');
      else socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, message: `No answer from ${host}:${port} within ${timeoutMs / 1000} seconds` }),
      timeoutMs,
    );
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      // The greeting may span lines ("220-…"); its last line is "220 …".
      const lines = received.split(/\r?\n/);
      const complete = lines.slice(0, -1);
      const last = complete.find((line) => /^\d{3} /.test(line) || !/^\d{3}-/.test(line));
      if (last === undefined) {
        if (received.length > 4096) finish({ ok: false, message: `${host}:${port} sent no SMTP greeting` });
        return;
      }
      if (last.startsWith('220')) finish({ ok: true });
      else finish({ ok: false, message: `${host}:${port} did not greet as an SMTP server` });
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, message: `Could not connect to ${host}:${port}: ${smtpFailureReason(error)}` }),
    );
    socket.on('end', () => finish({ ok: false, message: `${host}:${port} closed the connection without an SMTP greeting` }));
  });
}
