import { parse } from 'csv-parse/sync';

import type { Actor } from '#app/lib/permissions.ts';
import { csvCell } from '#app/services/audit/audit-csv.server.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { invalid, type Result } from '#app/services/failures.ts';
import { publicWriteAs } from '#app/services/public-write.server.ts';

import { putRedirect } from './redirect-rules.server.ts';
import { listRedirects } from './redirects.server.ts';

/** Rows one import may hold. */
export const MAX_IMPORT_ROWS = 1000;
const HEADER = ['From', 'To', 'Status', 'Hits', 'Last hit (UTC)'];

/** Every redirect as CSV (From, To, Status, Hits, Last hit), the shape Import reads back. */
export async function redirectsCsv(): Promise<string> {
  const lines = [HEADER.map(csvCell).join(',')];
  for (const row of await listRedirects()) {
    lines.push([row.from_path, row.to_target, String(row.status_code), String(row.hits), row.last_hit_at ?? ''].map(csvCell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

class RowRefused extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * Reads a CSV of redirects (From, To and an optional Status, 301 by default; a header row and further columns, such
 * as an export's, are allowed) and applies every row with the rules of a single redirect, in one transaction: a row
 * for a path that already has a redirect replaces it. One bad row (its line is named) and nothing changes.
 */
export async function importRedirects(actor: Actor, text: string): Promise<Result<{ added: number; changed: number }>> {
  let records: string[][];
  try {
    records = parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, max_record_size: 4096 });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return invalid({ file: `This file could not be read as CSV${line ? ` (line ${line})` : ''}.` });
  }
  const first = records[0]?.[0]?.toLowerCase();
  const start = first === 'from' || first === 'from path' ? 1 : 0;
  const rows = records.slice(start);
  if (rows.length === 0) return invalid({ file: 'This file holds no redirects.' });
  if (rows.length > MAX_IMPORT_ROWS)
    return invalid({ file: `A file may hold at most ${MAX_IMPORT_ROWS} redirects; this one holds ${rows.length}.` });
  try {
    return await publicWriteAs(actor, 'manage_settings', async (trx) => {
      let added = 0;
      let changed = 0;
      for (const [index, row] of rows.entries()) {
        const line = index + start + 1;
        const [from = '', to = '', status = ''] = row;
        if (status !== '' && status !== '301' && status !== '302')
          throw new RowRefused(line, `the status must be 301 or 302, not “${status.slice(0, 20)}”`);
        const saved = await putRedirect(trx, { from, to, status: status === '302' ? 302 : 301 }, { replace: true });
        if (!saved.ok) {
          const reason = saved.reason === 'invalid' ? Object.values(saved.fieldErrors).flat()[0] : saved.message;
          throw new RowRefused(line, reason ?? 'this row was refused');
        }
        if (saved.created) added++;
        else changed++;
      }
      await recordAudit(trx, { actor, action: 'redirect.imported', target: { type: 'redirect' }, details: { added, changed } });
      return { ok: true as const, added, changed };
    });
  } catch (error) {
    if (error instanceof RowRefused) return invalid({ file: `Line ${error.line}: ${error.reason}. Nothing was imported.` });
    throw error;
  }
}
