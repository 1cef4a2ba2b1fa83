import { type DatePrefs } from '#app/lib/format-date.ts';

import { useDatePrefs } from '../use-date-prefs.ts';

const COLOURS: Record<string, string> = {
  published: 'bg-green-100 text-green-800 ring-green-600/20',
  scheduled: 'bg-purple-100 text-purple-800 ring-purple-600/20',
  draft: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
  review: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  trash: 'bg-red-100 text-red-800 ring-red-600/20',
};

/** "2 Dec 09:00" in the site's timezone and time format (General settings). */
export function scheduledWhen(iso: string, prefs: DatePrefs): string {
  const twelve = prefs.timeFormat === '12';
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    hour: twelve ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: twelve ? 'h12' : 'h23',
  };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: prefs.timezone });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
  }
  const part = Object.fromEntries(format.formatToParts(new Date(iso)).map((piece) => [piece.type, piece.value]));
  return `${part.day} ${part.month} ${part.hour}:${part.minute}${twelve ? ` ${String(part.dayPeriod).toUpperCase()}` : ''}`;
}

/**
 * A capitalised, coloured status: published green, scheduled purple ("Scheduled for 2 Dec 09:00" when its publish
 * date is given), draft yellow, review blue, trash red.
 */
export function StatusBadge({ status, publishDate }: { status: string; publishDate?: string | null }) {
  const prefs = useDatePrefs();
  const label =
    status === 'scheduled' && publishDate
      ? `Scheduled for ${scheduledWhen(publishDate, prefs)}`
      : status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${COLOURS[status] ?? 'bg-gray-100 text-gray-800 ring-gray-600/20'}`}
    >
      {label}
    </span>
  );
}
