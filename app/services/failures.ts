import { type Actor, hasPermission, type Permission } from '#app/lib/permissions.ts';

/**
 * The one vocabulary for a service's expected failures. Services return `Result<T>`; they never
 * throw for a user's mistake. Routes turn a failure into HTTP with `app/http/failure.server.ts`.
 */
export type Failure =
  | { ok: false; reason: 'forbidden'; message?: string }
  | { ok: false; reason: 'not-found'; message?: string }
  /** Someone changed the item after this user opened it (version check), or a uniqueness clash. */
  | { ok: false; reason: 'conflict'; message?: string }
  /** Field errors keyed by the form's field name (`about.stats[0].label`), form-level errors apart. */
  | { ok: false; reason: 'invalid'; fieldErrors: Record<string, string[]>; formErrors?: string[]; message?: string }
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number; message?: string };

export type Result<T extends object = object> = ({ ok: true } & T) | Failure;

export const forbidden = (message?: string): Failure => ({ ok: false, reason: 'forbidden', message });
export const notFound = (message?: string): Failure => ({ ok: false, reason: 'not-found', message });
export const conflict = (message?: string): Failure => ({ ok: false, reason: 'conflict', message });
/** @public Part of the contract: the reason a caller shows as 'try again in N seconds'. */
export const rateLimited = (retryAfterSeconds: number, message?: string): Failure => ({
  ok: false,
  reason: 'rate-limited',
  retryAfterSeconds,
  message,
});

/** One field's error, or several: `invalid({ email: 'Invalid email address' })`. */
export function invalid(fieldErrors: Record<string, string | string[]>, formErrors?: string[]): Failure {
  const errors: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(fieldErrors)) errors[name] = Array.isArray(value) ? value : [value];
  return { ok: false, reason: 'invalid', fieldErrors: errors, formErrors };
}

/**
 * Every write service checks its own permission on its actor (the first argument), whatever the route checked:
 * the refusal when `actor` lacks `permission`, else null.
 */
export function refuseWithout(actor: Actor, permission: Permission): Failure | null {
  return hasPermission(actor, permission) ? null : forbidden();
}
