import { type Kysely, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import type { Language } from '#app/i18n/languages.ts';
import { nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import type { LandingContent } from '#app/schemas/landing.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { conflict, forbidden, notFound, type Result } from '#app/services/failures.ts';
import { refreshMediaUsage } from '#app/services/media/media-usage.server.ts';
import { publicWrite } from '#app/services/public-write.server.ts';
import { recordRevision } from '#app/services/revisions/revisions.server.ts';

import { readLanding, storedLanding } from './landing.server.ts';

/** What the Content screen opens for a language. */
export interface LandingEditState {
  /** The draft when there is one, else the published copy; a language without its own copy starts from English. */
  content: LandingContent;
  ownCopy: boolean;
  /** The version the form was opened on, sent back with every save (0: this language has no row yet). */
  version: number;
  draft: { savedAt: string; savedBy: string } | null;
}

/** Publishing the landing copy, like publishing a page, takes `publish_pages`; editing it takes `manage_pages`. */
export function mayPublishLanding(actor: Actor): boolean {
  return hasPermission(actor, 'manage_pages') && hasPermission(actor, 'publish_pages');
}

const STALE = conflict(
  'The landing content was changed by someone else since you opened it. Your changes have not been saved: reload to see the latest version.',
);

async function landingRow(db: Kysely<Database>, lang: string) {
  return db
    .selectFrom('landing_content')
    .leftJoin('users', 'users.id', 'landing_content.draft_saved_by')
    .select([
      'landing_content.published',
      'landing_content.draft',
      'landing_content.draft_saved_at',
      'landing_content.version',
      'users.name as draft_saved_by_name',
    ])
    .where('landing_content.locale', '=', lang)
    .executeTakeFirst();
}

export async function getLandingForEdit(lang: Language): Promise<LandingEditState> {
  const row = await landingRow(getDb(), lang);
  const draft = storedLanding(row?.draft);
  const published = storedLanding(row?.published);
  return {
    content: draft ?? published ?? (await readLanding(lang)).content,
    ownCopy: !!(draft ?? published),
    version: Number(row?.version ?? 0),
    draft: draft ? { savedAt: row!.draft_saved_at ?? '', savedBy: row!.draft_saved_by_name ?? 'someone no longer on the team' } : null,
  };
}

type LandingChange = { state: 'published'; content: LandingContent } | { state: 'draft'; content: LandingContent } | { state: 'discarded' };

/**
 * Applies one change to a language's row if it is still at `version` (the UPDATE checks it, so of two racing
 * saves one is told), bumps the version and keeps a revision of what was saved. Answers false when stale.
 */
async function applyChange(trx: Kysely<Database>, actor: Actor, lang: string, version: number, change: LandingChange): Promise<boolean> {
  const now = nowIso();
  const before = await landingRow(trx, lang);
  if (Number(before?.version ?? 0) !== version) return false;
  const values =
    change.state === 'published'
      ? {
          published: JSON.stringify(change.content),
          published_at: now,
          published_by: actor.id,
          draft: null,
          draft_saved_at: null,
          draft_saved_by: null,
        }
      : change.state === 'draft'
        ? { draft: JSON.stringify(change.content), draft_saved_at: now, draft_saved_by: actor.id }
        : { draft: null, draft_saved_at: null, draft_saved_by: null };
  if (version === 0) {
    const inserted = await trx
      .insertInto('landing_content')
      .values({ locale: lang, ...values, version: 1, updated_at: now })
      .onConflict((c) => c.column('locale').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  } else {
    const updated = await trx
      .updateTable('landing_content')
      .set({ ...values, version: sql<number>`version + 1`, updated_at: now })
      .where('locale', '=', lang)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
  }
  await refreshMediaUsage(trx, { kind: 'landing', id: lang });
  if (change.state !== 'discarded') {
    const previous = parseJson<unknown>(before?.draft ?? before?.published, null);
    await recordRevision(trx, {
      kind: 'landing',
      itemId: lang,
      version: version + 1,
      state: change.content,
      published: change.state === 'published',
      previous: previous ?? {},
      savedBy: actor.id,
    });
  }
  const target = { type: 'landing', id: lang, label: `Landing page (${lang})` };
  await recordAudit(trx, { actor, action: 'landing.updated', target, details: { state: change.state } });
  if (change.state === 'published') await recordAudit(trx, { actor, action: 'content.published', target });
  return true;
}

/**
 * Saves one language's copy (checked by `landingContentSchema`) opened at `version`: published at once when asked
 * and allowed (Save Changes), else kept as the draft that someone who may publish publishes later (Save draft). A
 * draft is invisible to visitors, so it leaves the public caches alone.
 */
export async function saveLanding(
  actor: Actor,
  input: { lang: Language; content: LandingContent; version: number; publish: boolean },
): Promise<Result<{ published: boolean }>> {
  if (!hasPermission(actor, 'manage_pages')) return forbidden();
  if (input.publish && !mayPublishLanding(actor)) return forbidden('Publishing the landing content needs the Publish Pages permission.');
  const change: LandingChange = { state: input.publish ? 'published' : 'draft', content: input.content };
  const write = input.publish ? publicWrite : writeTransaction;
  return write(async (trx) =>
    (await applyChange(trx, actor, input.lang, input.version, change)) ? { ok: true as const, published: input.publish } : STALE,
  );
}

/** Publishes the saved draft as it is (the Publish button), if it is still the version the screen showed. */
export async function publishLandingDraft(actor: Actor, input: { lang: Language; version: number }): Promise<Result> {
  if (!mayPublishLanding(actor)) return forbidden('Publishing the landing content needs the Publish Pages permission.');
  return publicWrite(async (trx) => {
    const row = await landingRow(trx, input.lang);
    const draft = storedLanding(row?.draft);
    if (!draft) return Number(row?.version ?? 0) === input.version ? notFound('There is no draft to publish.') : STALE;
    return (await applyChange(trx, actor, input.lang, input.version, { state: 'published', content: draft })) ? { ok: true } : STALE;
  });
}

/** Drops the saved draft (Discard draft): visitors keep seeing the published copy. */
export async function discardLandingDraft(actor: Actor, input: { lang: Language; version: number }): Promise<Result> {
  if (!hasPermission(actor, 'manage_pages')) return forbidden();
  return writeTransaction(async (trx) => {
    const row = await landingRow(trx, input.lang);
    if (!row?.draft) return Number(row?.version ?? 0) === input.version ? notFound('There is no draft to discard.') : STALE;
    return (await applyChange(trx, actor, input.lang, input.version, { state: 'discarded' })) ? { ok: true } : STALE;
  });
}
