import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

import { getEnv } from '#app/env.server.ts';

/**
 * Encrypts small secrets kept in the database (TOTP keys) so a leaked database or backup alone
 * does not give away anyone's second factor. The key is derived from SESSION_SECRET, which lives
 * outside the database; changing SESSION_SECRET makes existing enrolments unreadable (users then
 * sign in with a recovery code, or an administrator resets their two-factor sign-in).
 */
function key(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', getEnv().SESSION_SECRET, 'atelier', purpose, 32));
}

export function seal(plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain text, or null when the box was sealed with another key or tampered with. */
export function unseal(sealed: string, purpose: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
