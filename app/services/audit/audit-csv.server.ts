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

export function auditCsv(entries: AuditEntry[]): string {
  const lines = [HEADER.map(csvCell).join(',')];
  for (const entry of entries) {
    lines.push(
      [
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
        .join(','),
    );
  }
  // CRLF per RFC 4180; the byte-order mark makes Excel read UTF-8 names correctly.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
