import { type Cookie, createCookie } from 'react-router';

import { getEnv } from '#app/env.server.ts';

import { siteOrigin } from './site-url.server.ts';

/** The invitation link (or a password reset link) shown once to the admin who just created or renewed it. */
export interface InviteFlash {
  /** What the link does: accept an invitation (the default), or choose a new password. */
  purpose?: 'invitation' | 'password-reset';
  name: string;
  email: string;
  link: string;
  emailed: boolean;
  /** Why the mail was not sent (no SMTP configured, or sending failed). */
  note: string | null;
}

let inviteCookie: Cookie | undefined;

// The link grants an account, so it travels in a signed, HTTP-only cookie scoped to the admin
// that lives a few minutes, never in a URL or the toast. Its path is /admin: the client's data requests go to /admin/users.data.
function cookie(): Cookie {
  const env = getEnv();
  inviteCookie ??= createCookie('atelier_invite', {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.COOKIE_SECURE ? env.COOKIE_SECURE === '1' : env.NODE_ENV === 'production',
    path: '/admin',
    maxAge: 300,
    secrets: [env.SESSION_SECRET],
  });
  return inviteCookie;
}

export function invitationLink(token: string): string {
  return `${siteOrigin()}/invite/${token}`;
}

export function inviteFlashHeader(flash: InviteFlash): Promise<string> {
  return cookie().serialize(flash);
}

/** Reads the pending invitation link, with the header that clears it. */
export async function takeInviteFlash(request: Request): Promise<{ invite: InviteFlash | null; headers: Headers }> {
  const value: unknown = await cookie().parse(request.headers.get('Cookie'));
  const headers = new Headers();
  if (!value || typeof value !== 'object') return { invite: null, headers };
  headers.append('Set-Cookie', await cookie().serialize('', { maxAge: 0 }));
  const flash = value as Partial<InviteFlash>;
  const valid = typeof flash.link === 'string' && typeof flash.email === 'string' && typeof flash.name === 'string';
  return { invite: valid ? (flash as InviteFlash) : null, headers };
}
