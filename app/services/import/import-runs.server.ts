import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import { getDb } from '#app/db/client.server.ts';
import { getEnv } from '#app/env.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { ImportReport } from '#app/lib/import-report.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { type Failure, forbidden, invalid, notFound, type Result } from '#app/services/failures.ts';
import { enqueueJob } from '#app/services/jobs/job-store.server.ts';
import { isAdministrator } from '#app/services/users/actor.ts';

import { importWordPress } from './wordpress-import.server.ts';
import { WxrFormatError } from './wxr-reader.server.ts';

/** The job that runs an import started from Settings → Import (decision 028's runner, one process at a time). */
export const IMPORT_JOB = 'wordpress-import';
export const IMPORTS_ARE_FOR_ADMINISTRATORS = 'Only administrators import content: an import adds users, posts, pages and media.';
/** Runs shown in Settings → Import. */
const LISTED_RUNS = 10;

export interface ImportRunView {
  id: string;
  fileName: string;
  dryRun: boolean;
  status: 'queued' | 'running' | 'done' | 'failed';
  report: ImportReport | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** A finished dry run whose file is still here: it can be imported without sending it again. */
  canImport: boolean;
}

const importsDir = () => path.join(getEnv().DATA_DIR, 'imports');
const refused = (actor: Actor): Failure | null => (isAdministrator(actor) ? null : forbidden(IMPORTS_ARE_FOR_ADMINISTRATORS));

async function queueRun(actor: Actor, fileName: string, fileKey: string, dryRun: boolean): Promise<string> {
  const id = newId();
  await getDb()
    .insertInto('import_runs')
    .values({
      id,
      file_name: fileName,
      file_key: fileKey,
      dry_run: dryRun ? 1 : 0,
      status: 'queued',
      report: null,
      error: null,
      created_by: actor.id,
      created_at: nowIso(),
      finished_at: null,
    })
    .execute();
  await enqueueJob(IMPORT_JOB, { runId: id });
  return id;
}

/**
 * Settings → Import: takes an uploaded export (a complete temporary file, moved into DATA_DIR/imports) and queues
 * its import, or a dry run of it, as a job. Administrators only.
 */
export async function startWordPressImport(
  actor: Actor,
  upload: { path: string; name: string },
  options: { dryRun: boolean },
): Promise<Result<{ id: string }>> {
  const refusal = refused(actor);
  if (refusal) {
    await rm(upload.path, { force: true });
    return refusal;
  }
  const fileKey = `${newId()}.xml`;
  await mkdir(importsDir(), { recursive: true, mode: 0o700 });
  await rename(upload.path, path.join(importsDir(), fileKey));
  const name = path.basename(upload.name.replace(/\\/g, '/')).slice(0, 200) || 'export.xml';
  return { ok: true, id: await queueRun(actor, name, fileKey, options.dryRun) };
}

/** After a dry run: the same file imported for real. */
export async function importAfterDryRun(actor: Actor, runId: string): Promise<Result<{ id: string }>> {
  const refusal = refused(actor);
  if (refusal) return refusal;
  const run = await getDb().selectFrom('import_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!run) return notFound('This import no longer exists.');
  if (!run.dry_run || run.status !== 'done') return invalid({ file: 'Only a finished dry run can be imported from here.' });
  return { ok: true, id: await queueRun(actor, run.file_name, run.file_key, false) };
}

export async function listImportRuns(): Promise<ImportRunView[]> {
  const rows = await getDb().selectFrom('import_runs').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(LISTED_RUNS).execute();
  // A file is removed once a real import of it is done; a dry run of a file still here may be imported.
  const imported = new Set(
    rows.filter((row) => !row.dry_run && (row.status === 'done' || row.status === 'failed')).map((row) => row.file_key),
  );
  return rows.map((row) => ({
    id: row.id,
    fileName: row.file_name,
    dryRun: !!Number(row.dry_run),
    status: row.status,
    report: parseJson<ImportReport | null>(row.report, null),
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    canImport: !!Number(row.dry_run) && row.status === 'done' && !imported.has(row.file_key),
  }));
}

/** The job: runs one queued import and stores its report (or why the file could not be read). */
export async function runImportJob(payload: unknown): Promise<void> {
  const runId = (payload as { runId?: unknown } | null)?.runId;
  if (typeof runId !== 'string') return;
  const db = getDb();
  const run = await db.selectFrom('import_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!run || run.status === 'done') return;
  await db.updateTable('import_runs').set({ status: 'running' }).where('id', '=', runId).execute();
  const file = path.join(importsDir(), path.basename(run.file_key));
  const dryRun = !!Number(run.dry_run);
  try {
    // Attachments are downloaded from the old site (public addresses only); no uploads folder from the screen.
    const report = await importWordPress({ file, dryRun, actorId: run.created_by });
    await db
      .updateTable('import_runs')
      .set({ status: 'done', report: JSON.stringify(report), finished_at: nowIso() })
      .where('id', '=', runId)
      .execute();
    if (!dryRun) await rm(file, { force: true });
  } catch (error) {
    const message = error instanceof WxrFormatError ? error.message : `The import stopped: ${(error as Error).message}`;
    await db.updateTable('import_runs').set({ status: 'failed', error: message, finished_at: nowIso() }).where('id', '=', runId).execute();
    if (!(error instanceof WxrFormatError)) throw error;
  }
}
