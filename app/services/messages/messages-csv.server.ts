import type { MessageFilter } from '#app/schemas/messages.ts';
import { csvCell } from '#app/services/audit/audit-csv.server.ts';

import { messagesForExport } from './messages.server.ts';

const HEADER = ['Received (UTC)', 'First name', 'Last name', 'Email', 'Phone', 'Subject', 'Message', 'Read', 'Folder'];

/**
 * The CSV export of one folder and search. Cells go through the audit log's csvCell, which quotes
 * them and makes a leading = + - @ inert, so a visitor's "name" never runs as a spreadsheet formula.
 */
export async function messagesCsv(filter: Pick<MessageFilter, 'folder' | 'q'>): Promise<string> {
  const lines = [HEADER.map(csvCell).join(',')];
  for await (const row of messagesForExport(filter)) {
    lines.push(
      [
        row.created_at,
        row.first_name,
        row.last_name,
        row.email,
        row.phone,
        row.subject,
        row.message,
        row.status === 'read' ? 'yes' : 'no',
        row.folder,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
