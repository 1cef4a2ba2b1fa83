import { data, redirect } from 'react-router';
import { adminScreen, type AdminScreenId } from '#app/lib/admin-screens.ts';
import { hasPermission, type Permission } from '#app/lib/permissions.ts';
import { getSessionCookie } from './cookies.server.ts';
import { safeRedirectPath } from './safe-redirect.server.ts';
import { auditEvent } from '#app/services/audit/record-audit.server.ts';
import { findSessionUser } from '#app/services/auth/session-store.server.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';

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
 * signed in without access_admin or without `permission` → 403.
 */
export async function requirePermission(request: Request, permission: Permission = 'access_admin'): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!hasPermission(user, 'access_admin') || !hasPermission(user, permission)) {
    await recordRefusal(request, user, permission);
    throw data({ message: 'You do not have permission to do this.', permission }, { status: 403 });
  }
  return user;
}

/** A refused request goes to the audit log; a failing log never turns the 403 into a 500. */
async function recordRefusal(request: Request, user: SessionUser, permission: Permission): Promise<void> {
  const url = new URL(request.url);
  try {
    await auditEvent({
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
