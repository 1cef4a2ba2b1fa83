import type { NextFunction, Request, Response } from 'express';

import { getSessionCookie } from '#app/http/cookies.server.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { findSessionUser } from '#app/services/auth/session-store.server.ts';
import { runWithRequestTimings } from '#app/services/debug/request-timings.server.ts';
import { siteBehaviour } from '#app/services/settings/site-behaviour.server.ts';

/** Debug Mode's audience: those who may change the Advanced settings that turn it on. */
async function isSettingsAdministrator(req: Request): Promise<boolean> {
  const cookie = req.headers.cookie;
  if (!cookie || !cookie.includes('atelier_session=')) return false;
  const token: unknown = await getSessionCookie().parse(cookie);
  if (typeof token !== 'string' || !token) return false;
  const user = await findSessionUser(token);
  return !!user && hasPermission(user, 'manage_settings');
}

/**
 * Debug Mode (Settings → Advanced): a request from a signed-in administrator (manage_settings) is
 * measured, and entry.server.tsx adds its Server-Timing header and page panel. Every other request,
 * and every request while Debug Mode is off, runs unmeasured: visitors never see the figures, and
 * anonymous pages (the only ones the public HTML cache stores) never carry them.
 */
export function measureForAdministrators(req: Request, _res: Response, next: NextFunction): void {
  if (!siteBehaviour().debugMode) return next();
  isSettingsAdministrator(req).then((administrator) => (administrator ? runWithRequestTimings(next) : next()), next);
}
