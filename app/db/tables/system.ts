import type { Generated } from 'kysely';

/** Timed jobs, WordPress imports and the page cache generations shared by every instance. */

/** Timed work run once per cluster (decision 028): claimed with a lease, recurring rows move on after each run. */
export interface JobTable {
  /** `recurring:<name>` for a recurring job (one row each), a random id for a one-off. */
  id: string;
  name: string;
  /** JSON given to the job's handler. */
  payload: Generated<string>;
  run_at: string;
  /** Set for a recurring job: the pause between the end of one run and the next. */
  every_ms: number | null;
  /** The process holding the claim, until `locked_until` (its lease) passes. */
  locked_by: string | null;
  locked_until: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** A one-off job that failed its last allowed attempt: kept for the record, never claimed again. */
  failed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One imported WordPress thing and the Atelier row made from it (decision 033): a second import skips it. */
export interface ImportItemTable {
  /** The export's base site URL: ids are only unique within one WordPress site. */
  site: string;
  /** author, category, tag, attachment, post, page, comment */
  item_type: string;
  /** The WordPress id (author login, term slug, post or comment id). */
  source_id: string;
  guid: string;
  /** The Atelier row's id (user, category, media, post, page or comment). */
  target_id: string;
  created_at: string;
}

/** One import started from Settings → Import, run as a job; `report` is its per-type report as JSON. */
export interface ImportRunTable {
  id: string;
  file_name: string;
  /** The uploaded export's file, under DATA_DIR/imports. */
  file_key: string;
  dry_run: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  report: string | null;
  error: string | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

/** What the instances' cached public pages were built on (decision 031): bumped by every write visitors can see. */
export interface CacheGenerationTable {
  /** 'public': the public pages and the in-memory public data. */
  id: string;
  generation: number;
  updated_at: string;
}
