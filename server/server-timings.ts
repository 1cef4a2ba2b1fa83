import type { NextFunction, Request, Response } from 'express';

import { hasPermission } from '#app/lib/permissions.ts';
import { runWithRequestTimings } from '#app/services/debug/request-timings.server.ts';
import { siteBehaviour } from '#app/services/settings/site-behaviour.server.ts';

import { requestUser } from './request-user.ts';

/** Debug Mode's audience: those who may change the Advanced settings that turn it on. */
async function isSettingsAdministrator(req: Request): Promise<boolean> {
  const user = await requestUser(req);
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
