import { createHash } from 'node:crypto';

import { type Kysely, sql } from 'kysely';

import { getDialect } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { conflict, type Failure } from '#app/services/failures.ts';

/**
 * The version check of the shared forms that have no version column (settings, contact, menus, roles, users): the
 * version a form was opened at is a digest of the stored state it edits, and a save is refused when that state has
 * changed since (someone else saved), as pages, posts and themes refuse a stale version. A digest rather than a
 * counter: nothing to migrate, and a save over exactly what the editor saw loses nothing.
 */
export function stateVersion(state: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(state ?? null))
    .digest('base64url')
    .slice(0, 22);
}

/** The message every shared form shows when someone else saved first (the pages' and posts' own wording). */
export function changedByOthers(what: string): Failure {
  return conflict(`${what} changed by someone else since you opened it. Your changes have not been saved.`);
}

/**
 * In a write transaction: refuses when `expected` (the version the form was opened at) is not the version of the
 * state `read` finds now. The check and the write that follows are one step: SQLite's write transaction holds the
 * write lock from its start, and on PostgreSQL a transaction-scoped advisory lock named `lock` makes two saves of the
 * same state take turns. No `expected` (a caller without a form) means no check.
 */
export async function refuseStale(
  trx: Kysely<Database>,
  lock: string,
  expected: string | undefined,
  read: (trx: Kysely<Database>) => Promise<unknown>,
  refusal: Failure,
): Promise<Failure | null> {
  if (expected === undefined) return null;
  if (getDialect() === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${lock}))`.execute(trx);
  return stateVersion(await read(trx)) === expected ? null : refusal;
}
