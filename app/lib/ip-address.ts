import ipaddr from 'ipaddr.js';

/**
 * The key every per-address count uses (article views, page views, and the rate limits of the contact form, sign-in
 * and comments): an IPv4 address as it is; an IPv6 address by its /64, because one household, phone or server is
 * handed a whole /64 and can take a new address in it for every request. An IPv4 client seen on a dual-stack socket
 * (`::ffff:192.0.2.1`) is its IPv4 address. Anything that is not an address (no socket address, as in a test) is its
 * own key, cut to 100 characters.
 */
export function addressKey(address: string): string {
  const text = address.trim();
  if (!ipaddr.isValid(text)) return text.slice(0, 100);
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`;
}

/** The widest subnets a list of trusted proxies may name: a /8 of IPv4, a /7 of IPv6 (the unique-local block's size). */
const WIDEST_PREFIX = { ipv4: 8, ipv6: 7 } as const;
const IPV4_MAPPED = ipaddr.parse('::ffff:0:0') as ipaddr.IPv6;

/**
 * Whether the subnet `address/bits` holds so many addresses that trusting it trusts nearly any client: wider than a
 * /8 of IPv4 or a /7 of IPv6 (0.0.0.0/0, ::/0, 2000::/3…), or every IPv4 client as a dual-stack socket reports it
 * (::ffff:0:0/96 and anything containing it, or a mapped range wider than a /8). `address` must be a valid address.
 */
export function isOverwideSubnet(address: string, bits: number): boolean {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return bits < WIDEST_PREFIX.ipv4;
  if (bits < WIDEST_PREFIX.ipv6) return true;
  const range = parsed as ipaddr.IPv6;
  if (bits <= 96) return IPV4_MAPPED.match(range, bits);
  return range.isIPv4MappedAddress() && bits - 96 < WIDEST_PREFIX.ipv4;
}
