import { formatDate } from '#app/lib/format-date.ts';

import { useDatePrefs } from './use-date-prefs.ts';

/** A date (and, if asked, its time) as the General settings write dates. */
export function SiteDate({
  iso,
  time = false,
  seconds = false,
  language = 'en',
}: {
  iso: string;
  time?: boolean;
  /** With the seconds, where the order of close events matters (the audit log). */
  seconds?: boolean;
  language?: string;
}) {
  const prefs = useDatePrefs();
  return <time dateTime={iso}>{formatDate(iso, language, prefs, { time: time || seconds, seconds })}</time>;
}
