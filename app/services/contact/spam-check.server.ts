import { createHmac, timingSafeEqual } from 'node:crypto';

import { getEnv } from '#app/env.server.ts';

/** A person needs longer than this to fill the contact form by hand. */
export const MIN_FILL_MS = 3000;
/** A form older than this was not filled in one sitting; its timestamp is not trusted as "slow enough" forever. */
const TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

function sign(value: string): string {
  return createHmac('sha256', getEnv().SESSION_SECRET).update(`contact-form:${value}`).digest('base64url').slice(0, 22);
}

/**
 * The form's hidden timestamp: when the server rendered it, signed so a bot cannot claim its form
 * was shown long ago. A page served from the HTML cache carries an older time, which only makes
 * the fill time look longer: an honest visitor is never judged too fast because of the cache.
 */
export function formStartToken(now = Date.now()): string {
  return `${now}.${sign(String(now))}`;
}

function startedAt(token: string): number | null {
  const [time, signature] = token.split('.');
  if (!time || !signature || !/^\d{13}$/.test(time)) return null;
  const expected = Buffer.from(sign(time));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(time);
}

export interface SubmissionSignals {
  /** The honeypot field, invisible to people. */
  honeypot: string;
  /** The signed render timestamp (formStartToken). */
  token: string;
  /** Set by the page's script: the browser ran it, so this was not a bare HTTP post. */
  scripted: boolean;
  now?: number;
}

/**
 * Why a submission looks like spam, or '' when it does not. A filled honeypot, a missing or forged
 * timestamp, or a form sent without the page's script faster than MIN_FILL_MS all count. A browser
 * that ran the script is judged by the honeypot alone: password managers and autofill let real
 * people send the form in a second, and bare HTTP posts are where contact spam comes from.
 */
export function spamReason(signals: SubmissionSignals): string {
  if (signals.honeypot.trim() !== '') return 'The hidden honeypot field was filled in.';
  const started = startedAt(signals.token);
  const now = signals.now ?? Date.now();
  if (started === null) return 'Sent without the form’s signed timestamp.';
  if (signals.scripted) return '';
  const elapsed = now - started;
  if (elapsed < MIN_FILL_MS) return `Sent ${(Math.max(0, elapsed) / 1000).toFixed(1)} s after the form was shown.`;
  if (elapsed > TOKEN_MAX_AGE_MS) return 'Sent with a form timestamp older than a week.';
  return '';
}
