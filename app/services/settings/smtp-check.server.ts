import net from 'node:net';

export const SMTP_CHECK_TIMEOUT_MS = 5000;

export type SmtpCheckResult = { ok: true; greeting: string } | { ok: false; message: string };

/**
 * Test Connection: opens a TCP connection to the SMTP server and reads its greeting, which must
 * start with 220 (RFC 5321). It says QUIT and closes; nothing is sent and no password is used.
 */
export function checkSmtpConnection(host: string, port: number, timeoutMs = SMTP_CHECK_TIMEOUT_MS): Promise<SmtpCheckResult> {
  return new Promise((resolve) => {
    let received = '';
    let settled = false;
    const socket = net.connect({ host: host.replace(/^\[|\]$/g, ''), port });
    const finish = (result: SmtpCheckResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result.ok && socket.writable) socket.end('QUIT\r\n');
      else socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, message: `No answer from ${host}:${port} within ${timeoutMs / 1000} seconds` }), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      // The greeting may span lines ("220-…"); its last line is "220 …".
      const lines = received.split(/\r?\n/);
      const complete = lines.slice(0, -1);
      const last = complete.find((line) => /^\d{3} /.test(line) || !/^\d{3}-/.test(line));
      if (last === undefined) {
        if (received.length > 4096) finish({ ok: false, message: 'The server sent no SMTP greeting' });
        return;
      }
      if (last.startsWith('220')) finish({ ok: true, greeting: last.slice(4).trim().slice(0, 200) });
      else finish({ ok: false, message: `The server did not greet as an SMTP server: ${last.slice(0, 120)}` });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'ECONNREFUSED' ? 'connection refused' : error.code === 'ENOTFOUND' ? 'host not found' : error.message;
      finish({ ok: false, message: `Could not connect to ${host}:${port}: ${reason}` });
    });
    socket.on('end', () => finish({ ok: false, message: `${host}:${port} closed the connection without an SMTP greeting` }));
  });
}
