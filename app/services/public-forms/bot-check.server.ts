import { signedFormTime } from './form-token.server.ts';

/** A person needs longer than this to fill in a public form by hand (with or without the page's script). */
export const MIN_FILL_MS = 3000;
/** A form older than this was not filled in one sitting; its timestamp is not trusted as "slow enough" forever. */
const TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface SubmissionSignals {
  /** Which form (the signed token is bound to it): 'contact-form', later the comment form. */
  purpose: string;
  /** The honeypot field, invisible to people. */
  honeypot: string;
  /** The signed render timestamp (`signedFormToken`). */
  token: string;
  now?: number;
}

/**
 * Why a submission looks like a bot's, or '' when it does not: a filled honeypot, a missing or forged timestamp, or
 * a form sent sooner than MIN_FILL_MS after the server rendered it. Only what the server signed decides: nothing a
 * client says about itself (that it ran a script, that it is a browser) is asked or believed.
 */
export function botReason(signals: SubmissionSignals): string {
  if (signals.honeypot.trim() !== '') return 'The hidden honeypot field was filled in.';
  const started = signedFormTime(signals.purpose, signals.token);
  if (started === null) return 'Sent without the form’s signed timestamp.';
  const elapsed = (signals.now ?? Date.now()) - started;
  if (elapsed < MIN_FILL_MS) return `Sent ${(Math.max(0, elapsed) / 1000).toFixed(1)} s after the form was shown.`;
  if (elapsed > TOKEN_MAX_AGE_MS) return 'Sent with a form timestamp older than a week.';
  return '';
}
