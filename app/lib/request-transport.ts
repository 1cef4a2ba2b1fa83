/** How the current request reached the server (see server/request-transport.ts). */
export interface RequestTransport {
  /** What the server concluded: TLS on the socket, or a trusted proxy's X-Forwarded-Proto said https. */
  https: boolean;
  /** The connection to this process is itself TLS. */
  socketTls: boolean;
  /** The first X-Forwarded-Proto value the request carried, trusted or not. */
  forwardedProto: string | null;
  /** The peer is a proxy TRUST_PROXY names, so its X-Forwarded-Proto counts. */
  proxyTrusted: boolean;
}

export type TransportVerdict = { tone: 'good' | 'bad' | 'warn'; text: string };

/** The Security tab's connection note, in words: what is true of this request, never a static claim. */
export function describeTransport(transport: RequestTransport | undefined): TransportVerdict {
  if (!transport) return { tone: 'warn', text: 'Connection security: unknown for this request.' };
  const { https, socketTls, forwardedProto, proxyTrusted } = transport;
  if (https && socketTls)
    return { tone: 'good', text: 'Connection security: this page reached the server over HTTPS (TLS on the connection itself).' };
  if (https) {
    return {
      tone: 'good',
      text: `Connection security: this page was served over HTTPS. The trusted proxy in front of the site (TRUST_PROXY) reported X-Forwarded-Proto: ${forwardedProto}.`,
    };
  }
  if (proxyTrusted && forwardedProto) {
    return {
      tone: 'bad',
      text: `Connection security: not encrypted. The trusted proxy in front of the site reported X-Forwarded-Proto: ${forwardedProto}, so visitors reach it over plain HTTP.`,
    };
  }
  if (forwardedProto) {
    return {
      tone: 'warn',
      text: `Connection security: this request reached the server over plain HTTP. It carried X-Forwarded-Proto: ${forwardedProto}, which was ignored because TRUST_PROXY does not name the sender as a proxy.`,
    };
  }
  return {
    tone: 'bad',
    text: 'Connection security: not encrypted. This request reached the server over plain HTTP with no proxy in front; serve the site over HTTPS (directly, or behind a proxy named in TRUST_PROXY).',
  };
}
