import { type Cookie, createCookie } from 'react-router';

import { getEnv } from '#app/env.server.ts';
import { SESSION_TTL_MS } from '#app/services/auth/session-store.server.ts';
import { CHALLENGE_TTL_MS } from '#app/services/auth/sign-in-challenge.server.ts';

let sessionCookie: Cookie | undefined;
let toastCookie: Cookie | undefined;
let challengeCookie: Cookie | undefined;
let knownBrowserCookie: Cookie | undefined;

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

/** Accounts a browser remembers having signed in to (KNOWN_ACCOUNTS_KEPT at most, newest first). */
const KNOWN_ACCOUNTS_KEPT = 10;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Names the accounts this browser has signed in to with a right password (their `accountTag`),
 * signed so no one can write it. The account-wide sign-in slowdown leaves such a browser alone, so
 * guesses from many addresses never keep an account's owner out of their usual browser.
 */
function getKnownBrowserCookie(): Cookie {
  knownBrowserCookie ??= createCookie('atelier_known', {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(),
    path: '/login',
    maxAge: YEAR_SECONDS,
    secrets: [getEnv().SESSION_SECRET],
  });
  return knownBrowserCookie;
}

export async function readKnownAccounts(request: Request): Promise<string[]> {
  const value: unknown = await getKnownBrowserCookie().parse(request.headers.get('Cookie'));
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string').slice(0, KNOWN_ACCOUNTS_KEPT) : [];
}

/** The Set-Cookie that adds `tag` to the accounts this browser knows. */
export function rememberKnownAccount(known: string[], tag: string): Promise<string> {
  return getKnownBrowserCookie().serialize([tag, ...known.filter((other) => other !== tag)].slice(0, KNOWN_ACCOUNTS_KEPT));
}
