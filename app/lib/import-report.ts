/** The WordPress import's report (decision 033), shared by the importer, the command line and Settings → Import. */

/** The kinds of things the report counts, in the order they are imported. */
export const IMPORT_TYPES = ['authors', 'categories', 'tags', 'media', 'posts', 'pages', 'comments', 'redirects', 'other'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export interface ImportProblem {
  outcome: 'skipped' | 'failed';
  item: string;
  reason: string;
}

export interface TypeReport {
  found: number;
  imported: number;
  skipped: number;
  failed: number;
  /** Why items were skipped or failed (the first 200). */
  problems: ImportProblem[];
}

export interface ImportReport {
  site: string;
  title: string;
  dryRun: boolean;
  types: Record<ImportType, TypeReport>;
  /** What was converted with a loss worth knowing (a shortcode kept as text, an image left as a link), per item. */
  notes: string[];
  milliseconds: number;
}

/** The reason given for whatever an earlier run imported. */
export const ALREADY = 'already imported';
