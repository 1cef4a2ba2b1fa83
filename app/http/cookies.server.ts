import { type Cookie, createCookie } from 'react-router';
import { getEnv } from '#app/env.server.ts';
import { SESSION_TTL_MS } from '#app/services/auth/session-store.server.ts';

let sessionCookie: Cookie | undefined;
let toastCookie: Cookie | undefined;

function secure(): boolean {
  const env = getEnv();
  return env.COOKIE_SECURE ? env.COOKIE_SECURE === '1' : env.NODE_ENV === 'production';
}

/** Holds the random session token, signed with SESSION_SECRET. */
export function getSessionCookie(): Cookie {
  sessionCookie ??= createCookie('atelier_session', {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(),
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
    secrets: [getEnv().SESSION_SECRET],
  });
  return sessionCookie;
}

/** A one-shot message shown after a redirect (a "flash" toast). */
export function getToastCookie(): Cookie {
  toastCookie ??= createCookie('atelier_toast', {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(),
    path: '/',
    secrets: [getEnv().SESSION_SECRET],
  });
  return toastCookie;
}
