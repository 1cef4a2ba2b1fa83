import { type Cookie, createCookie } from 'react-router';

import { getEnv } from '#app/env.server.ts';
import { SESSION_TTL_MS } from '#app/services/auth/session-store.server.ts';
import { CHALLENGE_TTL_MS } from '#app/services/auth/sign-in-challenge.server.ts';

let sessionCookie: Cookie | undefined;
let toastCookie: Cookie | undefined;
let challengeCookie: Cookie | undefined;

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

/** Holds a sign-in challenge between the right password and its two-factor code; only /login reads it. */
export function getChallengeCookie(): Cookie {
  challengeCookie ??= createCookie('atelier_sign_in', {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(),
    path: '/login',
    maxAge: CHALLENGE_TTL_MS / 1000,
    secrets: [getEnv().SESSION_SECRET],
  });
  return challengeCookie;
}
