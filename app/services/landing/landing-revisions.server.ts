import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { LandingContent } from '#app/schemas/landing.ts';

/** The leaf paths (hero.title, about.stats.3.value) whose values differ between two copies. */
export function changedFields(before: unknown, after: unknown, prefix = ''): string[] {
  if (before !== null && after !== null && typeof before === 'object' && typeof after === 'object') {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) =>
      changedFields((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], prefix ? `${prefix}.${key}` : key),
    );
  }
  return before === after ? [] : [prefix];
}

/** Keeps one revision of a save (draft or published) in the transaction that made it: history is never rewritten. */
export async function recordLandingRevision(
  trx: Kysely<Database>,
  revision: {
    locale: string;
    version: number;
    state: 'draft' | 'published';
    content: LandingContent;
    previous: unknown;
    savedBy: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('landing_revisions')
    .values({
      id: newId(),
      locale: revision.locale,
      version: revision.version,
      state: revision.state,
      content: JSON.stringify(revision.content),
      changed_fields: JSON.stringify(changedFields(revision.previous ?? {}, revision.content)),
      saved_by: revision.savedBy,
      created_at: nowIso(),
    })
    .execute();
}
