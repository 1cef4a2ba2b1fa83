import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';

import type { ContentTable } from './kind.ts';

/** The columns every kind has; the core reads and writes only these (the kind adds its own). */
export interface EditorialColumns {
  id: string;
  title: string;
  slug: string;
  content: string;
  status: string;
  meta_description: string;
  meta_keywords: string;
  publish_date: string | null;
  scheduled_by?: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  language?: string;
  translation_group?: string;
  source_revision?: number | null;
}

/** Both tables seen through their shared columns, so one query serves either. */
export function editorial(db: Kysely<Database>): Kysely<Record<ContentTable, EditorialColumns>> {
  return db as unknown as Kysely<Record<ContentTable, EditorialColumns>>;
}
