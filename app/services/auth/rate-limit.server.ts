import { createHash } from 'node:crypto';

import { clearThrottle, countAttempt, releaseAttempt, type ThrottleRule } from '#app/services/throttles/throttles.server.ts';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords for one account from one address. Another address is not affected. */
export const SIGN_IN_PER_ACCOUNT_AND_ADDRESS: ThrottleRule = { limit: 5, windowMs: SIGN_IN_WINDOW_MS };
/** Attempts from one address, whatever the account (guessing across many accounts). */
export const SIGN_IN_PER_ADDRESS: ThrottleRule = { limit: 20, windowMs: SIGN_IN_WINDOW_MS };

function keysFor(email: string, ip: string) {
  // The e-mail is hashed so a key stays short whatever the client sends.
  const account = createHash('sha256').update(email.toLowerCase()).digest('base64url');
  return { address: `sign-in:ip:${ip}`, accountAndAddress: `sign-in:account-ip:${account}:${ip}` };
}

/**
 * Counts a sign-in attempt BEFORE the password is checked, so parallel guesses cannot all pass
 * a check made before any of them is recorded. True when the attempt may go on.
 */
export async function reserveSignInAttempt(email: string, ip: string): Promise<boolean> {
  const keys = keysFor(email, ip);
  const [address, pair] = await Promise.all([
    countAttempt(keys.address, SIGN_IN_PER_ADDRESS),
    countAttempt(keys.accountAndAddress, SIGN_IN_PER_ACCOUNT_AND_ADDRESS),
  ]);
  return address.allowed && pair.allowed;
}

/** A right password: the attempt does not count against the address, and the pair starts afresh. */
export async function forgiveSignInAttempt(email: string, ip: string): Promise<void> {
  const keys = keysFor(email, ip);
  await Promise.all([releaseAttempt(keys.address), clearThrottle(keys.accountAndAddress)]);
}
