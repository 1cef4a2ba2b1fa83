import net from 'node:net';

import { E2E_PORT } from './accounts.ts';

/**
 * Test Connection only dials SMTP ports, so the fake server listens on 2525; each end-to-end run (told apart by its
 * port) gets its own loopback address in 127.0.0.0/8, so parallel runs on one machine do not collide.
 */
const LOOPBACK_SUBNET = `127.0.${E2E_PORT % 250}`;
export const FAKE_SMTP_PORT = 2525;

/** A tiny SMTP server that only greets, for Test Connection; `close()` frees its address. */
export async function startFakeSmtp(greeting = '220 fake-smtp.test ESMTP ready\r\n') {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write(greeting);
  });
  const host = `${LOOPBACK_SUBNET}.1`;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(FAKE_SMTP_PORT, host, resolve);
  });
  return {
    host,
    port: FAKE_SMTP_PORT,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An SMTP port on a loopback address where nothing listens. */
export function closedSmtpAddress() {
  return { host: `${LOOPBACK_SUBNET}.2`, port: FAKE_SMTP_PORT };
}
