/** How the site writes dates: the General settings' timezone, date format and time format. */
export interface DatePrefs {
  timezone: string;
  dateFormat: string;
  timeFormat: string;
}

export const DATE_FORMAT_OPTIONS = [
  { value: 'YYYY-MM-DD', label: 'YYYY-MM-DD (2024-01-15)' },
  { value: 'DD/MM/YYYY', label: 'DD/MM/YYYY (15/01/2024)' },
  { value: 'MM/DD/YYYY', label: 'MM/DD/YYYY (01/15/2024)' },
  { value: 'long', label: 'Long (January 15, 2024)' },
] as const;
export const TIME_FORMAT_OPTIONS = [
  { value: '24', label: '24-hour (14:30)' },
  { value: '12', label: '12-hour (2:30 PM)' },
] as const;

export const DEFAULT_DATE_PREFS: DatePrefs = { timezone: 'UTC', dateFormat: 'YYYY-MM-DD', timeFormat: '24' };

// Building an Intl.DateTimeFormat costs far more than formatting with one (a blog page writes ten
// dates per render): formatters are kept per locale, timezone and options. Timezones come from the
// settings, so there are few; the bound only guards against a caller passing many.
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 64;

/** A formatter in `timezone`, or (in `fallbackLocale`) in UTC when the timezone is not one the runtime knows. */
function formatter(locale: string, timezone: string, options: Intl.DateTimeFormatOptions, fallbackLocale = locale): Intl.DateTimeFormat {
  const key = `${locale}|${timezone}|${JSON.stringify(options)}|${fallbackLocale}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, { ...options, timeZone: timezone });
    } catch {
      found = new Intl.DateTimeFormat(fallbackLocale, { ...options, timeZone: 'UTC' });
    }
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, found);
  }
  return found;
}

function parts(date: Date, timezone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  return Object.fromEntries(
    formatter('en-US', timezone, options)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
}

/**
 * The one way a date is written, on the public site and in the admin: in the site's timezone and date
 * format (the long format in the reader's language), with the time in the site's time format when asked.
 * The server's HTML and the browser agree, since nothing depends on the machine's own timezone.
 */
export function formatDate(
  iso: string,
  language: string,
  prefs: DatePrefs = DEFAULT_DATE_PREFS,
  options: { time?: boolean; seconds?: boolean } = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let text: string;
  if (prefs.dateFormat === 'long') {
    text = formatter(language === 'fr' ? 'fr-FR' : 'en-US', prefs.timezone, { dateStyle: 'long' }, 'en-US').format(date);
  } else {
    const { year, month, day } = parts(date, prefs.timezone, { year: 'numeric', month: '2-digit', day: '2-digit' });
    text =
      prefs.dateFormat === 'DD/MM/YYYY'
        ? `${day}/${month}/${year}`
        : prefs.dateFormat === 'MM/DD/YYYY'
          ? `${month}/${day}/${year}`
          : `${year}-${month}-${day}`;
  }
  if (!options.time) return text;
  const twelve = prefs.timeFormat === '12';
  const time = parts(date, prefs.timezone, {
    hour: twelve ? 'numeric' : '2-digit',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    hourCycle: twelve ? 'h12' : 'h23',
  });
  const seconds = options.seconds ? `:${time.second}` : '';
  return `${text} ${time.hour}:${time.minute}${seconds}${twelve ? ` ${time.dayPeriod}` : ''}`;
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** How far `timezone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timezone: string): number {
  const p = parts(new Date(instant), timezone, WALL_CLOCK);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a calendar day (`YYYY-MM-DD`) begins in `timezone` (the site's), as an ISO string: a date
 * filter means the site's day, not UTC's. Next to a clock change the offset at midnight and the one a
 * moment later differ, so both are tried and the earlier that falls on `day` wins (where the clock jumps
 * over midnight, the day begins at the jump).
 */
export function startOfDayIn(day: string, timezone: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const first = midnightUtc - zoneOffsetMs(midnightUtc, timezone);
  const second = midnightUtc - zoneOffsetMs(first, timezone);
  const onDay = (instant: number) => {
    const p = parts(new Date(instant), timezone, WALL_CLOCK);
    return `${p.year}-${p.month}-${p.day}` === day;
  };
  const start = [first, second].filter(onDay).sort((a, b) => a - b)[0] ?? Math.max(first, second);
  return new Date(start).toISOString();
}

/** The day after `day` (`YYYY-MM-DD`), for an inclusive "to" date. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
