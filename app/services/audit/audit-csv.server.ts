import { auditActionLabel } from '#app/lib/audit-actions.ts';

import type { AuditEntry } from './audit-query.server.ts';

const HEADER = [
  'Time (UTC)',
  'User',
  'User ID',
  'Action',
  'Action code',
  'Target type',
  'Target ID',
  'Target',
  'IP address',
  'Browser',
  'Details',
];

/**
 * One CSV cell: quoted, inner quotes doubled, and a leading = + - @ (or tab / carriage return) made
 * inert with an apostrophe, so a spreadsheet never runs a formula someone typed as a name or title
 * (OWASP "CSV injection").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

function csvLine(entry: AuditEntry): string {
  return [
    entry.at,
    entry.actorName,
    entry.actorId ?? '',
    auditActionLabel(entry.action),
    entry.action,
    entry.targetType ?? '',
    entry.targetId ?? '',
    entry.targetLabel ?? '',
    entry.ip,
    entry.userAgent,
    Object.keys(entry.details).length ? JSON.stringify(entry.details) : '',
  ]
    .map(csvCell)
    .join(',');
}

/** Rows per chunk of the stream: large enough to write efficiently, small enough to hold. */
const ROWS_PER_CHUNK = 200;

/**
 * The audit log as a CSV byte stream (CRLF per RFC 4180, after a byte-order mark so Excel reads UTF-8
 * names correctly). It is pulled: each chunk is made when the response is ready for it, from entries
 * read page by page, so an export of any size holds one page and one chunk in memory; a download
 * cancelled half-way stops the reading.
 */
export function auditCsvStream(entries: AsyncIterable<AuditEntry>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = entries[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${HEADER.map(csvCell).join(',')}\r\n`));
        return;
      }
      const lines: string[] = [];
      while (lines.length < ROWS_PER_CHUNK) {
        const next = await iterator.next();
        if (next.done) break;
        lines.push(csvLine(next.value));
      }
      if (lines.length) controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`));
      if (lines.length < ROWS_PER_CHUNK) controller.close();
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
