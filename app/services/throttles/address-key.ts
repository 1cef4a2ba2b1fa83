import { isIP } from 'node:net';

import ipaddr from 'ipaddr.js';

/**
 * The address a per-address limit counts. An IPv4 address is counted as it is (an IPv4-mapped IPv6
 * address as its IPv4 form); an IPv6 address by its /64 network, since a single subscriber is
 * routinely given a whole /64 and can rotate through its 2^64 addresses at will. Anything else (no
 * socket address, as in a test) is kept as given, cut to 100 characters.
 */
export function addressKey(ip: string): string {
  const text = ip.trim();
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return text.slice(0, 100);
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
