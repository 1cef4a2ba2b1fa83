import { CalendarClock } from 'lucide-react';
import { Form } from 'react-router';

import { secondaryButton } from '#app/components/ui/buttons.ts';
import { Card } from '#app/components/ui/field.tsx';

import { useDatePrefs } from '../../use-date-prefs.ts';
import { scheduledWhen } from '../status-badge.tsx';

/**
 * A scheduled item's editor says when it goes live (in the site's timezone) and offers "Unschedule", which makes it
 * a draft again. Saving the form keeps it scheduled (docs/product.md, "Scheduled publishing").
 */
export function ScheduleCard(props: { noun: string; publishDate: string; version: number }) {
  const prefs = useDatePrefs();
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-gray-800">
          <CalendarClock className="size-5 text-purple-700" aria-hidden />
          <span>
            <strong className="font-semibold">Scheduled for {scheduledWhen(props.publishDate, prefs)}</strong>: this {props.noun} goes live
            then, by itself.
          </span>
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="unschedule" />
          <input type="hidden" name="version" value={props.version} />
          <button type="submit" className={secondaryButton}>
            Unschedule
          </button>
        </Form>
      </div>
    </Card>
  );
}
