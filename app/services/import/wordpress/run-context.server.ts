import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { nowIso } from '#app/lib/ids.ts';
import { IMPORT_TYPES, type ImportProblem, type ImportReport, type ImportType, type TypeReport } from '#app/lib/import-report.ts';
import { isUniqueViolation } from '#app/services/content/unique-violation.server.ts';

import type { WpAuthor } from '../wxr-items.ts';

export interface ImportOptions {
  /** The WXR file. */
  file: string;
  /** The old site's wp-content/uploads folder, copied here; attachments not found in it are downloaded. */
  uploadsDir?: string;
  /** Download attachments from the old site (true unless said otherwise). */
  download?: boolean;
  /** Let downloads reach loopback and private addresses (an old site on this machine or network). */
  allowPrivateDownloads?: boolean;
  /** Read and convert everything, write nothing: the report says what an import would do. */
  dryRun?: boolean;
  /** Who runs it (audit, the uploader of the media, who scheduled future posts); null from the command line. */
  actorId?: string | null;
  /** Progress lines (the command line prints them). */
  log?: (line: string) => void;
}

const MAX_PROBLEMS = 200;
const MAX_NOTES = 500;

/** A failure of one item: its message is the reason shown in the report. */
export class ItemFailure extends Error {}

export type ItemOutcome = 'imported' | { skipped: string };

/** What every import step shares: the run's settings, its report, and what earlier steps found. */
export interface ImportRun {
  db: Kysely<Database>;
  options: ImportOptions;
  /** The old site's address, without a trailing slash: the key of its records in `import_items`. */
  site: string;
  dryRun: boolean;
  actorId: string | null;
  log: (line: string) => void;
  report: ImportReport;
  authors: WpAuthor[];
  /** A WordPress author id's login (comments by staff name their author by id). */
  authorLogins: Map<string, string>;
  /** Filled by the authors step: each WordPress login's user here. */
  userByLogin: Map<string, { id: string; name: string }>;
  /** Filled by the terms step: category slug → category id, tag slug → tag name. */
  categoryBySlug: Map<string, string>;
  tagBySlug: Map<string, string>;
  /** Records a skipped or failed item (counted always, listed up to a limit). */
  problem(type: ImportType, outcome: ImportProblem['outcome'], item: string, reason: string): void;
  /** A note on an item that was imported with a change. */
  note(item: string, text: string): void;
  /** The id here of a WordPress thing an earlier run imported, or null. */
  mapped(type: string, sourceId: string): Promise<string | null>;
  /** Records an imported thing by its WordPress id, in the transaction that writes it. */
  remember(trx: Kysely<Database>, type: string, sourceId: string, targetId: string, guid?: string): Promise<unknown>;
  /** Runs one item's work; a thrown error fails that item alone, with its message as the reason. */
  attempt(type: ImportType, label: string, work: () => Promise<ItemOutcome>): Promise<void>;
}

const emptyType = (): TypeReport => ({ found: 0, imported: 0, skipped: 0, failed: 0, problems: [] });

/** A report with every type at nought, filled as the steps run. */
export const emptyReport = (dryRun: boolean): ImportReport => ({
  site: '',
  title: '',
  dryRun,
  types: Object.fromEntries(IMPORT_TYPES.map((type) => [type, emptyType()])) as Record<ImportType, TypeReport>,
  notes: [],
  milliseconds: 0,
});

export function createImportRun(init: {
  db: Kysely<Database>;
  options: ImportOptions;
  site: string;
  report: ImportReport;
  authors: WpAuthor[];
}): ImportRun {
  const { db, site, report } = init;
  const types = report.types;
  const problem: ImportRun['problem'] = (type, outcome, item, reason) => {
    types[type][outcome]++;
    if (types[type].problems.length < MAX_PROBLEMS) types[type].problems.push({ outcome, item, reason });
  };
  return {
    ...init,
    dryRun: report.dryRun,
    actorId: init.options.actorId ?? null,
    log: init.options.log ?? (() => undefined),
    authorLogins: new Map(init.authors.map((author) => [author.id, author.login])),
    userByLogin: new Map(),
    categoryBySlug: new Map(),
    tagBySlug: new Map(),
    problem,
    note(item, text) {
      if (report.notes.length < MAX_NOTES) report.notes.push(`${item}: ${text}`);
    },
    async mapped(type, sourceId) {
      return (
        (
          await db
            .selectFrom('import_items')
            .select('target_id')
            .where('site', '=', site)
            .where('item_type', '=', type)
            .where('source_id', '=', sourceId)
            .executeTakeFirst()
        )?.target_id ?? null
      );
    },
    remember: (trx, type, sourceId, targetId, guid = '') =>
      trx
        .insertInto('import_items')
        .values({ site, item_type: type, source_id: sourceId, guid, target_id: targetId, created_at: nowIso() })
        .execute(),
    async attempt(type, label, work) {
      try {
        const outcome = await work();
        if (outcome === 'imported') types[type].imported++;
        else problem(type, 'skipped', label, outcome.skipped);
      } catch (error) {
        const reason = error instanceof ItemFailure || error instanceof Error ? error.message : String(error);
        problem(type, 'failed', label, isUniqueViolation(error) ? 'already imported by another run at the same time' : reason);
      }
    },
  };
}

/** Text cut to at most `max` characters, at a word, with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
