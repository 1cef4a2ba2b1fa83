import { createHash, createHmac } from 'node:crypto';

import ipaddr from 'ipaddr.js';

import { addressKey } from '#app/lib/ip-address.ts';

/** More links than this in one comment hold it for moderation, whoever wrote it. */
export const MAX_LINKS_BEFORE_MODERATION = 2;

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;

/** The links a comment's body and website hold (a website counts as one). */
export function countLinks(body: string): number {
  return body.match(LINK)?.length ?? 0;
}

/** The same words with different spacing or case are the same comment. */
export function bodyKey(email: string, body: string): string {
  const words = body.toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(`${email.toLowerCase()}\n${words}`).digest('base64url');
}

/** One entry of the blocklist (Settings → Comments), one a line: an address or network, an e-mail or @domain, or a word. */
type BlockEntry =
  { kind: 'address'; range: [ipaddr.IPv4 | ipaddr.IPv6, number] } | { kind: 'email'; text: string } | { kind: 'word'; text: string };

function parseEntry(line: string): BlockEntry | null {
  const text = line.trim().toLowerCase();
  if (!text || text.startsWith('#')) return null;
  if (ipaddr.isValid(text)) {
    const address = ipaddr.process(text);
    return { kind: 'address', range: [address, address.kind() === 'ipv4' ? 32 : 64] };
  }
  if (text.includes('/')) {
    try {
      const [address, bits] = ipaddr.parseCIDR(text);
      return {
        kind: 'address',
        range: [
          address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address,
          bits,
        ],
      };
    } catch {
      // Not a network: read as a word below.
    }
  }
  if (/^[^\s@]*@[^\s@]+$/.test(text)) return { kind: 'email', text };
  return { kind: 'word', text };
}

export interface BlockCheck {
  name: string;
  email: string;
  website: string;
  body: string;
  ip: string;
}

/**
 * The blocklist entry a comment matches, or null: an address matches the sender's address (a bare IPv6 address
 * blocks its /64, as the rate limits count), an e-mail matches exactly and `@domain` every address there, and a word
 * matches inside the name, e-mail, website or comment, in any case.
 */
export function blocklistMatch(blocklist: string, comment: BlockCheck): string | null {
  let sender: ipaddr.IPv4 | ipaddr.IPv6 | null = null;
  if (ipaddr.isValid(comment.ip.trim())) sender = ipaddr.process(comment.ip.trim());
  const haystack = [comment.name, comment.email, comment.website, comment.body].join('\n').toLowerCase();
  const email = comment.email.toLowerCase();
  for (const line of blocklist.split('\n')) {
    const entry = parseEntry(line);
    if (!entry) continue;
    if (entry.kind === 'address') {
      if (sender && sender.kind() === entry.range[0].kind() && sender.match(entry.range)) return line.trim();
    } else if (entry.kind === 'email') {
      if (entry.text.startsWith('@') ? email.endsWith(entry.text) : email === entry.text) return line.trim();
    } else if (haystack.includes(entry.text)) {
      return line.trim();
    }
  }
  return null;
}

/** Whether comments on a post published at `publishedAt` are closed by age (`closeAfterDays`, 0 = never). */
export function closedByAge(publishedAt: string | null, closeAfterDays: number, now: number = Date.now()): boolean {
  if (!closeAfterDays || !publishedAt) return false;
  return now - new Date(publishedAt).getTime() > closeAfterDays * 24 * 60 * 60 * 1000;
}

/** What moderators see of a sender's address: a short keyed hash (IPv6 by /64), never the address. */
export function addressHash(ip: string, secret: string): string {
  if (!ip) return '';
  return createHmac('sha256', secret)
    .update(`comment-address:${addressKey(ip)}`)
    .digest('hex')
    .slice(0, 12);
}
