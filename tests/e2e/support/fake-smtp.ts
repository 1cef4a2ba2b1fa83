import net from 'node:net';

/** A tiny SMTP server on 127.0.0.1 that only greets, for Test Connection; `close()` frees its port. */
export async function startFakeSmtp(greeting = '220 fake-smtp.test ESMTP ready\r\n') {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write(greeting);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that was free a moment ago, where nothing listens. */
export async function closedPort(): Promise<number> {
  const server = await startFakeSmtp();
  await server.close();
  return server.port;
}
