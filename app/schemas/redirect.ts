import { z } from 'zod';

import { MAX_FROM_LENGTH, MAX_TO_LENGTH, normaliseFromPath, parseRedirectTarget, REDIRECT_STATUSES } from '#app/lib/redirect-paths.ts';

/** Add or edit a redirect (Settings → Redirects): the same checks in the browser and in the action; the service checks loops. */
export const redirectFormSchema = z.object({
  id: z.string().max(100).optional(),
  from: z
    .string({ error: 'Enter the path to redirect from' })
    .max(MAX_FROM_LENGTH, `A path may be at most ${MAX_FROM_LENGTH} characters`)
    .superRefine((value, context) => {
      const checked = normaliseFromPath(value);
      if (!checked.ok) context.addIssue({ code: 'custom', message: checked.error });
    }),
  to: z
    .string({ error: 'Enter where to redirect to' })
    .max(MAX_TO_LENGTH, `An address may be at most ${MAX_TO_LENGTH} characters`)
    .superRefine((value, context) => {
      const checked = parseRedirectTarget(value);
      if (!checked.ok) context.addIssue({ code: 'custom', message: checked.error });
    }),
  status: z.enum(REDIRECT_STATUSES, { error: 'Choose 301 (permanent) or 302 (temporary)' }),
});

/** The screen's other actions: delete one, import a CSV file. */
export const redirectDeleteSchema = z.object({ intent: z.literal('delete'), id: z.string().min(1).max(100) });
