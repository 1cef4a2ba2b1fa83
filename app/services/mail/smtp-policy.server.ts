import dns from 'node:dns';
import net from 'node:net';

import ipaddr from 'ipaddr.js';

import { getEnv } from '#app/env.server.ts';

/**
 * The one policy for every SMTP connection: saving the Email tab, Test Connection and sending mail. Only mail
 * ports (plus SMTP_ALLOWED_PORTS), and no address on this machine or its private networks (unless
 * SMTP_ALLOW_PRIVATE=1), checked on the address actually dialled, after DNS resolution.
 */
export const MAIL_PORTS = [25, 465, 587, 2525] as const;

/** The error a refused address or port is reported with; its code is ours, so no remote text rides along. */
export const POLICY_ERROR_CODE = 'ESMTPPOLICY';

function extraPortRanges(): Array<[number, number]> {
  return getEnv().SMTP_ALLOWED_PORTS;
}

export function isAllowedSmtpPort(port: number): boolean {
  return (MAIL_PORTS as readonly number[]).includes(port) || extraPortRanges().some(([from, to]) => port >= from && port <= to);
}

/** "25, 465, 587, 2525" and the configured extras, as the messages name them. */
export function allowedSmtpPortsText(): string {
  const extras = extraPortRanges().map(([from, to]) => (from === to ? String(from) : `${from}-${to}`));
  return [...MAIL_PORTS.map(String), ...extras].join(', ');
}

/** Addresses no SMTP server of ours lives at: cloud metadata services are refused even when private ones are allowed. */
const METADATA = new net.BlockList();
METADATA.addAddress('169.254.169.254', 'ipv4'); // AWS, GCP, Azure, OpenStack…
METADATA.addAddress('169.254.170.2', 'ipv4'); // AWS ECS task metadata
METADATA.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud
METADATA.addAddress('168.63.129.16', 'ipv4'); // Azure platform (a public address)
METADATA.addAddress('192.0.0.192', 'ipv4'); // Oracle Cloud
METADATA.addAddress('fd00:ec2::254', 'ipv6'); // AWS over IPv6

/** Never a mail server: "this host", multicast, reserved and broadcast. */
const UNUSABLE = new net.BlockList();
UNUSABLE.addSubnet('0.0.0.0', 8, 'ipv4');
UNUSABLE.addSubnet('224.0.0.0', 4, 'ipv4');
UNUSABLE.addSubnet('240.0.0.0', 4, 'ipv4');
UNUSABLE.addAddress('::', 'ipv6');
UNUSABLE.addSubnet('ff00::', 8, 'ipv6');

/** This machine and private networks: allowed only with SMTP_ALLOW_PRIVATE=1. */
const PRIVATE = new net.BlockList();
for (const [subnet, bits] of [
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking networks
] as const)
  PRIVATE.addSubnet(subnet, bits, 'ipv4');
for (const [subnet, bits] of [
  ['::1', 128],
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['fc00::', 7], // unique local
] as const)
  PRIVATE.addSubnet(subnet, bits, 'ipv6');

/** The IPv4 address inside IPv4-mapped, NAT64 (64:ff9b::/96), 6to4 (2002::/16) or IPv4-compatible addresses, which reach that IPv4 host. */
function tunnelledIpv4(address: string): string | null {
  if (!ipaddr.IPv6.isValid(address)) return null;
  const groups = ipaddr.IPv6.parse(address).parts;
  const ipv4 = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return ipv4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return ipv4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return ipv4(groups[1]!, groups[2]!);
  // IPv4-compatible (::a.b.c.d), deprecated but still routed by some stacks.
  if (zeros(0, 6) && (groups[6] || groups[7]! > 1)) return ipv4(groups[6]!, groups[7]!);
  return null;
}

/** Why an IP address may not be dialled, in words for the settings screen, or null when it may. */
export function refusedAddressReason(address: string): string | null {
  const family = net.isIP(address);
  if (!family) return 'is not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const inner = family === 6 ? tunnelledIpv4(address) : null;
  if (inner) return refusedAddressReason(inner);
  if (METADATA.check(address, type)) return 'is a cloud metadata address';
  if (UNUSABLE.check(address, type)) return 'is not a unicast address';
  if (PRIVATE.check(address, type) && !getEnv().SMTP_ALLOW_PRIVATE) return 'is on this machine or a private network';
  return null;
}

export class SmtpPolicyError extends Error {
  code = POLICY_ERROR_CODE;
}

/**
 * A `lookup` for net.connect: resolves the name, keeps only addresses the policy allows, and hands those to the
 * socket, which dials exactly what it is given — no second resolution a DNS answer could change in between.
 */
const checkedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const allowed = addresses.filter((entry) => refusedAddressReason(entry.address) === null);
    if (!allowed.length) {
      const reason = refusedAddressReason(addresses[0]?.address ?? '') ?? 'has no address';
      return callback(new SmtpPolicyError(`the SMTP host ${reason}`), '', 4);
    }
    if (options.all) return (callback as unknown as (error: null, all: dns.LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

/**
 * Opens a TCP connection to an SMTP server under the policy: a refused port or address fails with a
 * SmtpPolicyError before any packet is sent; a host name is checked on each address it resolves to.
 */
export function connectSmtp(host: string, port: number): net.Socket {
  const target = host.replace(/^\[|\]$/g, '');
  const socket = new net.Socket();
  const refuse = (message: string) => {
    setImmediate(() => socket.destroy(new SmtpPolicyError(message)));
    return socket;
  };
  if (!isAllowedSmtpPort(port)) return refuse(`port ${port} is not an SMTP port`);
  if (net.isIP(target)) {
    const reason = refusedAddressReason(target);
    if (reason) return refuse(`the SMTP host ${reason}`);
  }
  return socket.connect({ host: target, port, lookup: checkedLookup });
}

/** How long saving waits for DNS before accepting a name it cannot check now. */
const SAVE_LOOKUP_MS = 3000;

/**
 * The Email tab's check before saving: the port, and the address (or each address the name resolves to now).
 * A name that does not resolve yet is accepted: the connection is checked again each time it is made. An empty host
 * (the tab not filled in yet) is only checked for its port.
 */
export async function smtpTargetProblem(host: string, port: number): Promise<{ field: 'smtpHost' | 'smtpPort'; message: string } | null> {
  if (!isAllowedSmtpPort(port)) return { field: 'smtpPort', message: `SMTP Port must be one of the mail ports ${allowedSmtpPortsText()}.` };
  const target = host.replace(/^\[|\]$/g, '');
  if (!target) return null;
  let addresses: string[] = [target];
  if (!net.isIP(target)) {
    try {
      const answer = dns.promises.lookup(target, { all: true });
      const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('DNS timeout')), SAVE_LOOKUP_MS).unref());
      addresses = (await Promise.race([answer, late])).map((entry) => entry.address);
    } catch {
      return null;
    }
  }
  for (const address of addresses) {
    const reason = refusedAddressReason(address);
    if (reason)
      return {
        field: 'smtpHost',
        message: `SMTP Host ${host} ${address === target ? '' : `(${address}) `}${reason}: mail is only sent to public mail servers.`,
      };
  }
  return null;
}
