import { ipv4Parts, ipv6Groups, mappedIpv4 } from '#app/lib/ip-address.ts';

/**
 * The key a client address is counted under by the per-address limits: an IPv4 address as it is (also when Express
 * writes it IPv4-mapped, `::ffff:203.0.113.9`), an IPv6 address by its /64 network (`2001:db8:1:2::/64`), because
 * one subscriber gets a whole /64 and can rotate through it at will. Anything unreadable is counted as written.
 */
export function addressKey(ip: string): string {
  const text = ip.trim().toLowerCase();
  if (ipv4Parts(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  const mapped = mappedIpv4(groups);
  if (mapped) return mapped;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
