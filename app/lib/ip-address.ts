/**
 * Reading IP address text without Node's `net` module (this folder is isomorphic). Addresses arrive as
 * Express wrote them (`::ffff:203.0.113.9` for an IPv4 client on a dual-stack socket) or as staff typed them.
 */

/** The four numbers of a dotted IPv4 address, or null. */
export function ipv4Parts(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const numbers = parts.map(Number);
  return numbers.every((value) => value <= 255) ? numbers : null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` expanded and a trailing dotted IPv4 read), or null. */
export function ipv6Groups(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!address.includes(':') || !/^[0-9a-fA-F:.]+$/.test(address)) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const read = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4Parts(piece);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = read(halves[0]!);
  const tail = halves.length === 2 ? read(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/** The IPv4 address an IPv6 address carries for an IPv4 host (mapped `::ffff:a.b.c.d`), else null. */
export function mappedIpv4(groups: number[]): string | null {
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return ipv4FromGroups(groups[6]!, groups[7]!);
  return null;
}

export function ipv4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
