import type { Request } from 'express';

import type { RequestTransport } from '#app/lib/request-transport.ts';

/**
 * How this request reached us, for the Security tab's connection note: whether the socket itself
 * is TLS, what X-Forwarded-Proto said, and whether the sender is a proxy TRUST_PROXY names (only
 * then does Express believe that header for `req.secure`).
 */
export function requestTransport(req: Request): RequestTransport {
  const trust = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const header = req.get('x-forwarded-proto');
  return {
    https: req.secure,
    socketTls: 'encrypted' in req.socket && !!req.socket.encrypted,
    forwardedProto: header ? header.split(',')[0]!.trim().slice(0, 20).toLowerCase() : null,
    proxyTrusted: trust(req.socket.remoteAddress ?? '', 0),
  };
}
