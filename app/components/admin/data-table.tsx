import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  /** Hidden visually but read by screen readers (the actions column). */
  srOnly?: boolean;
  className?: string;
  /** Shown in the header cell instead of the header text (the select-all checkbox); `header` stays its key. */
  headerCell?: ReactNode;
  cell: (row: T) => ReactNode;
}

/**
 * The admin's list table: a header row, one row per item, a message when there is none. `framed: false` drops the
 * card frame for a table that already sits in a panel; `rowClassName` marks rows (selected, unread).
 */
export function DataTable<T extends { id: string }>(props: {
  columns: Column<T>[];
  rows: T[];
  empty: string;
  caption: string;
  framed?: boolean;
  rowClassName?: (row: T) => string | undefined;
}) {
  const frame = props.framed === false ? '' : 'rounded-lg bg-white shadow-sm ring-1 ring-gray-200';
  return (
    // `relative`: the screen-reader-only header text (absolutely positioned) stays inside the scroll box, not past the page edge.
    <div className={`relative overflow-x-auto ${frame}`}>
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase">
          <tr>
            {props.columns.map((column) => (
              <th key={column.header} scope="col" className={`px-4 py-3 ${column.className ?? ''}`}>
                {column.headerCell ?? (column.srOnly ? <span className="sr-only">{column.header}</span> : column.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {props.rows.map((row) => (
            <tr key={row.id} className={props.rowClassName?.(row)}>
              {props.columns.map((column) => (
                <td key={column.header} className={`px-4 py-3 ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
          {props.rows.length === 0 ? (
            <tr>
              <td colSpan={props.columns.length} className="px-4 py-8 text-center text-gray-600">
                {props.empty}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
