import type { Request } from 'express';

import { getSessionCookie } from '#app/http/cookies.server.ts';
import { findSessionUser } from '#app/services/auth/session-store.server.ts';

type SessionUser = Awaited<ReturnType<typeof findSessionUser>>;

/** One session lookup per request, shared by the middlewares that ask (maintenance mode, Debug Mode). */
const looked = new WeakMap<Request, Promise<SessionUser>>();

/**
 * The signed-in user of a request, for the Express middlewares that run before the app's own guards; null for
 * visitors. Requests without a session cookie never reach the database.
 */
export function requestUser(req: Request): Promise<SessionUser> {
  let user = looked.get(req);
  if (!user) {
    user = lookUp(req.headers.cookie);
    looked.set(req, user);
  }
  return user;
}

async function lookUp(cookie: string | undefined): Promise<SessionUser> {
  if (!cookie || !cookie.includes('atelier_session=')) return null;
  const token: unknown = await getSessionCookie().parse(cookie);
  if (typeof token !== 'string' || !token) return null;
  return findSessionUser(token);
}
