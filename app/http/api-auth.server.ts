import { data } from 'react-router';

import type { Permission } from '#app/lib/permissions.ts';
import { auditRefusal } from '#app/services/audit/record-audit.server.ts';
import { type ApiTokenSession, authenticateApiToken } from '#app/services/auth/api-tokens.server.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

function unauthorized(message: string): never {
  throw data(
    { error: 'invalid_token', message },
    { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="atelier", error="invalid_token"', 'Cache-Control': 'no-store' } },
  );
}

/**
 * The guard of every /api route: only `Authorization: Bearer <token>` is read, never the session
 * cookie, so a page on another site cannot make a signed-in browser call the API (no CSRF to
 * defend against). A missing, unknown, expired or revoked token is a 401 in JSON.
 */
export async function requireApiToken(request: Request): Promise<ApiTokenSession> {
  const header = request.headers.get('Authorization');
  if (!header) unauthorized('Send a personal API token as "Authorization: Bearer <token>".');
  const match = BEARER.exec(header.trim());
  const actor = match ? await authenticateApiToken(match[1]!) : null;
  if (!actor) unauthorized('This token is invalid, expired or revoked.');
  return actor;
}

/** As requireApiToken, and the token (within what its user holds now) must have `permission`: else 403 in JSON. */
export async function requireApiPermission(request: Request, permission: Permission): Promise<ApiTokenSession> {
  const actor = await requireApiToken(request);
  if (!actor.permissions.includes(permission)) {
    await auditRefusal({
      actor: { id: actor.user.id, name: actor.user.name },
      action: 'permission.denied',
      target: { type: 'permission', id: permission, label: `${request.method} ${new URL(request.url).pathname}` },
      details: { via: 'api_token', tokenId: actor.tokenId },
    }).catch(() => undefined);
    throw data(
      { error: 'insufficient_scope', message: `This token does not allow ${permission}.` },
      { status: 403, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  return actor;
}
