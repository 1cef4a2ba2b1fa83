import type { NextFunction, Request, Response } from 'express';

import { hasPermission } from '#app/lib/permissions.ts';
import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';

import { isUnder, requestPath } from './request-path.ts';
import { requestUser } from './request-user.ts';

/** A signed-in member of staff: a valid session whose user may use the admin. */
async function isSignedInStaff(req: Request): Promise<boolean> {
  const user = await requestUser(req);
  return !!user && hasPermission(user, 'access_admin');
}

/**
 * A safety net for the cache: a successful write under /admin by signed-in
 * staff clears it even if the service that made it forgot to. Anonymous
 * requests are answered with a redirect to the sign-in page, which is not a
 * write: they never clear the cache.
 */
export function invalidateAfterAdminWrites(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || !isUnder(requestPath(req).path, '/admin')) return next();
  isSignedInStaff(req).then((staff) => {
    if (staff) {
      res.on('finish', () => {
        if (res.statusCode < 400) invalidatePublicCache();
      });
    }
    next();
  }, next);
}
