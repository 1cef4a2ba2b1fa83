import { createHmac, timingSafeEqual } from 'node:crypto';

import { getEnv } from '#app/env.server.ts';

/**
 * The hidden "form shown at" timestamp of a public form: the time the server rendered it, signed with an HMAC under
 * SESSION_SECRET and bound to the form it belongs to (`purpose`), so a client can neither invent an earlier time nor
 * carry one form's token to another. A page served from the HTML cache carries an older time, which only makes the
 * fill time look longer: an honest visitor is never judged too fast because of the cache.
 */
function sign(purpose: string, time: string): string {
  return createHmac('sha256', getEnv().SESSION_SECRET).update(`${purpose}:${time}`).digest('base64url').slice(0, 22);
}

export function signedFormToken(purpose: string, now = Date.now()): string {
  return `${now}.${sign(purpose, String(now))}`;
}

/** When the form was rendered, or null when the token is missing, malformed or not signed by us for this form. */
export function signedFormTime(purpose: string, token: string): number | null {
  const [time, signature, extra] = token.split('.');
  if (!time || !signature || extra !== undefined || !/^\d{13}$/.test(time)) return null;
  const expected = Buffer.from(sign(purpose, time));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(time);
}
