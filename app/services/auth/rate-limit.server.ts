import { createHash } from 'node:crypto';

import { addressKey } from '#app/lib/ip-address.ts';
import { passSlowdown, type SlowdownRule } from '#app/services/throttles/slowdown.server.ts';
import { clearThrottle, countAttempt, releaseAttempt, type ThrottleRule } from '#app/services/throttles/throttles.server.ts';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords for one account from one address. Another address is not affected. */
export const SIGN_IN_PER_ACCOUNT_AND_ADDRESS: ThrottleRule = { limit: 5, windowMs: SIGN_IN_WINDOW_MS };
/** Attempts from one address, whatever the account (guessing across many accounts). */
export const SIGN_IN_PER_ADDRESS: ThrottleRule = { limit: 20, windowMs: SIGN_IN_WINDOW_MS };
/**
 * Failed attempts on one account from every address together before the account is slowed: past
 * them, each further attempt (from a browser that has not signed in to the account before) waits
 * SIGN_IN_ACCOUNT_SLOWDOWN's growing delay. The account is never locked.
 */
export const SIGN_IN_PER_ACCOUNT: ThrottleRule = { limit: 10, windowMs: SIGN_IN_WINDOW_MS };
export const SIGN_IN_ACCOUNT_SLOWDOWN: SlowdownRule = { firstDelayMs: 1_000, maxDelayMs: 60_000, resetAfterMs: SIGN_IN_WINDOW_MS };

/** Which limit refused an attempt: the address, the account from that address, or the account from everywhere. */
export type SignInLimit = 'address' | 'account-address' | 'account';

export type SignInReservation =
  | { allowed: true }
  /** `first`: the first refusal by this limit in its window, the one worth an audit entry. */
  | { allowed: false; limit: SignInLimit; retryAfterSeconds: number; first: boolean };

/** The account as throttle keys and the known-browser cookie name it: the e-mail hashed, so it stays short whatever the client sends. */
export function accountTag(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

function keysFor(email: string, ip: string) {
  const account = accountTag(email);
  const address = addressKey(ip);
  return {
    address: `sign-in:ip:${address}`,
    accountAndAddress: `sign-in:account-ip:${account}:${address}`,
    account: `sign-in:account:${account}`,
    slowdown: `sign-in:account-slowdown:${account}`,
  };
}

/**
 * Counts a sign-in attempt BEFORE the password is checked, so parallel guesses cannot all pass
 * a check made before any of them is recorded; says whether the attempt may go on, and if not,
 * which limit refused it and for how long. `knownBrowser`: the browser has signed in to this
 * account before (its signed cookie says so), so the account-wide slowdown, which exists against
 * guesses from many addresses, does not hold its owner back.
 */
export async function reserveSignInAttempt(email: string, ip: string, knownBrowser = false): Promise<SignInReservation> {
  const keys = keysFor(email, ip);
  const [address, pair] = await Promise.all([
    countAttempt(keys.address, SIGN_IN_PER_ADDRESS),
    countAttempt(keys.accountAndAddress, SIGN_IN_PER_ACCOUNT_AND_ADDRESS),
  ]);
  if (!pair.allowed)
    return { allowed: false, limit: 'account-address', retryAfterSeconds: pair.retryAfterSeconds, first: pair.firstRefused };
  if (!address.allowed)
    return { allowed: false, limit: 'address', retryAfterSeconds: address.retryAfterSeconds, first: address.firstRefused };
  if (knownBrowser) return { allowed: true };
  const account = await countAttempt(keys.account, SIGN_IN_PER_ACCOUNT);
  if (account.allowed) return { allowed: true };
  const slowed = await passSlowdown(keys.slowdown, SIGN_IN_ACCOUNT_SLOWDOWN);
  return slowed.admitted
    ? { allowed: true }
    : { allowed: false, limit: 'account', retryAfterSeconds: slowed.retryAfterSeconds, first: slowed.first };
}

/**
 * A right password: the attempt does not count against the address or the account, and the pair
 * starts afresh. What others did from that address, or to the account, stays counted.
 */
export async function forgiveSignInAttempt(email: string, ip: string, knownBrowser = false): Promise<void> {
  const keys = keysFor(email, ip);
  await Promise.all([
    releaseAttempt(keys.address),
    clearThrottle(keys.accountAndAddress),
    knownBrowser ? Promise.resolve() : releaseAttempt(keys.account),
  ]);
}
