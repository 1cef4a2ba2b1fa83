import { type Actor, PERMISSIONS } from '#app/lib/permissions.ts';

/** The role that always holds every permission and of which one active holder must remain. */
export const ADMINISTRATOR_ROLE_ID = 'administrator';

export function actorPermissions(actor: Actor): readonly string[] {
  return actor.role?.permissions ?? [];
}

/** True when the actor holds every one of `permissions`: the rule for granting a role and for managing its holders. */
export function holdsAll(actor: Actor, permissions: readonly string[]): boolean {
  const held = actorPermissions(actor);
  return permissions.every((permission) => held.includes(permission));
}

/**
 * An administrator: someone whose role holds every permission. Some things stay theirs alone whatever a role is
 * given, such as backups, which hold every account's password hash and every stored secret.
 */
export function isAdministrator(actor: Actor): boolean {
  return holdsAll(actor, PERMISSIONS);
}
