import { data, redirect } from 'react-router';

import { adminScreen, type AdminScreenId } from '#app/lib/admin-screens.ts';
import { hasPermission, type Permission } from '#app/lib/permissions.ts';
import { auditRefusal } from '#app/services/audit/record-audit.server.ts';
import { findSessionUser } from '#app/services/auth/session-store.server.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';
import { mustEnrolTwoFactor } from '#app/services/auth/two-factor-policy.server.ts';

import { getSessionCookie } from './cookies.server.ts';
import { safeRedirectPath } from './safe-redirect.server.ts';

// One lookup per request, however many loaders ask.
const usersByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await getSessionCookie().parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value ? value : null;
}

export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = usersByRequest.get(request);
  if (!pending) {
    pending = readSessionToken(request).then((token) => (token ? findSessionUser(token) : null));
    usersByRequest.set(request, pending);
  }
  return pending;
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    const back = safeRedirectPath(`${url.pathname}${url.search}`);
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  }
  return user;
}

/**
 * The one guard every admin loader and action calls: anonymous → /login,
 * signed in without access_admin or without `permission` → 403, required to enrol in
 * two-factor sign-in and not enrolled → the set-up page.
 * Only the session cookie is read here: an `Authorization: Bearer` API token never opens an admin
 * screen or action (tokens are for /api/*; admin forms rely on the cookie's SameSite protection).
 */
export async function requirePermission(request: Request, permission: Permission = 'access_admin'): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!hasPermission(user, 'access_admin') || !hasPermission(user, permission)) {
    await recordRefusal(request, user, permission);
    throw data({ message: 'You do not have permission to do this.', permission }, { status: 403 });
  }
  await requireTwoFactorEnrolment(request, user);
  return user;
}

/** The set-up page itself stays open to someone the two-factor policy sends there. */
export const TWO_FACTOR_SETUP_PATH = '/admin/account/two-factor';

/**
 * A user the two-factor policy names who has not enrolled yet may use the admin only to enrol:
 * every other admin loader and action sends them to the set-up page.
 */
async function requireTwoFactorEnrolment(request: Request, user: SessionUser): Promise<void> {
  const { pathname } = new URL(request.url);
  if (pathname === TWO_FACTOR_SETUP_PATH) return;
  if (await mustEnrolTwoFactor(user)) throw redirect(TWO_FACTOR_SETUP_PATH);
}

/** A refused request goes to the audit log; a failing log never turns the 403 into a 500. */
async function recordRefusal(request: Request, user: SessionUser, permission: Permission): Promise<void> {
  const url = new URL(request.url);
  try {
    await auditRefusal({
      actor: { id: user.id, name: user.name },
      action: 'permission.denied',
      target: { type: 'permission', id: permission, label: `${request.method} ${url.pathname}` },
    });
  } catch (error) {
    console.error('Could not record a permission refusal:', error);
  }
}

/** The guard of an admin screen's loader and action: the permission comes from the table of screens. */
export function requireScreen(request: Request, screen: AdminScreenId): Promise<SessionUser> {
  return requirePermission(request, adminScreen(screen).permission);
}
