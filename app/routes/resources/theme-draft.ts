import { data } from 'react-router';

import { failureMessage, failureStatus } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { themePreviewUrl } from '#app/lib/theme/preview.ts';
import { THEME_FILE_MAX_BYTES, themeDraftSchema } from '#app/lib/theme/schema.ts';
import { fieldErrors } from '#app/lib/zod-errors.ts';
import { clearThemeDraft, saveThemeDraft } from '#app/services/themes/theme-drafts.server.ts';

import type { Route } from './+types/theme-draft';

const refused = (message: string, errors: Record<string, string | string[]> = {}, status = 400) =>
  data(
    { ok: false as const, message, fieldErrors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v].flat()])) },
    { status },
  );

/** The body as JSON (a JSON request, or a form's `theme` field), bounded like a theme file. */
async function readDraft(request: Request): Promise<{ clear: true } | { body: unknown } | { error: string }> {
  if (request.method === 'DELETE') return { clear: true };
  let text: string;
  if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('application/json')) {
    text = await request.text().catch(() => '');
  } else {
    const form = await readForm(request);
    if (formText(form, 'intent') === 'clear') return { clear: true };
    text = formText(form, 'theme');
  }
  if (text.length > THEME_FILE_MAX_BYTES * 2) return { error: 'A theme must be at most 256 KB.' };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { error: 'The theme could not be read: it is not valid JSON.' };
  }
}

/**
 * POST /admin/themes/draft: keeps the theme editor's unsaved theme for this user, so the preview
 * (`/?theme-draft=1`) renders the public pages in it. The API is described in app/http/site-theme.server.ts.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'themes');
  const read = await readDraft(request);
  if ('clear' in read) {
    await clearThemeDraft(user);
    return { ok: true as const, previewUrl: null };
  }
  if ('error' in read) return refused(read.error);
  const parsed = themeDraftSchema.safeParse(read.body);
  if (!parsed.success) return refused('Some settings of this theme are not valid.', fieldErrors(parsed.error));
  const saved = await saveThemeDraft(user, parsed.data);
  if (!saved.ok) {
    return refused(failureMessage(saved), saved.reason === 'invalid' ? saved.fieldErrors : {}, failureStatus(saved));
  }
  return { ok: true as const, previewUrl: themePreviewUrl('/', 'draft') };
}
