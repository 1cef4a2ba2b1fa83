import { data } from 'react-router';

import { failureMessage, failureStatus } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { firstIssue, THEME_FILE_MAX_BYTES, themeSaveSchema } from '#app/lib/theme/schema.ts';
import type { Failure } from '#app/services/failures.ts';
import { restoreRevision } from '#app/services/themes/theme-history.server.ts';
import { getTheme, saveTheme } from '#app/services/themes/themes.server.ts';

/** What the editor's fetcher gets back: the saved version (and, after a restore, the restored theme), or why not. */
export type ThemeEditorReply =
  | { ok: true; intent: 'save'; version: number }
  | {
      ok: true;
      intent: 'restore';
      version: number;
      theme: { name: string; settings: unknown; sections: unknown };
    }
  | { ok: false; conflict: boolean; message: string };

// The JSON of a theme at the size cap, with room for escaping; anything longer is refused unread.
const PAYLOAD_MAX_CHARS = THEME_FILE_MAX_BYTES * 2;
const NO_THEME = 'Cannot save: No theme selected';

function refuse(message: string, status = 400, conflict = false) {
  return data<ThemeEditorReply>({ ok: false, conflict, message }, { status });
}

function fromFailure(failure: Failure, notFoundMessage = NO_THEME) {
  if (failure.reason === 'not-found') return refuse(notFoundMessage, 404);
  if (failure.reason === 'invalid') {
    const [field, messages] = Object.entries(failure.fieldErrors)[0] ?? [];
    const message = messages?.[0] ?? failure.formErrors?.[0] ?? failureMessage(failure);
    return refuse(field && !message.startsWith('The ') ? `${field} ${message}` : message, 400);
  }
  return refuse(failureMessage(failure), failureStatus(failure), failure.reason === 'conflict');
}

/** Reads the theme the editor sends as JSON in the `theme` field; every problem is the sender's, so 4xx. */
function readThemePayload(text: string) {
  if (!text) return { error: refuse('The theme to save is missing.') };
  if (text.length > PAYLOAD_MAX_CHARS) return { error: refuse('A theme must be at most 256 KB.', 413) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: refuse('The theme to save could not be read.') };
  }
  const parsed = themeSaveSchema.safeParse(json);
  if (!parsed.success) return { error: refuse(firstIssue(parsed.error)) };
  return { input: parsed.data };
}

const SAVE_FAILED = 'Failed to save theme. Please check the console for details.';

/**
 * Save and Restore of the theme editor, each checked against the version the editor was opened on.
 * An unexpected failure (the database gone) is answered, not thrown, so the editor keeps the unsaved
 * theme on screen and shows the spec's message instead of an error page.
 */
export async function themeEditorAction(actor: Actor, request: Request, themeId: string) {
  const form = await readForm(request);
  try {
    return await answer(actor, form, themeId);
  } catch (error) {
    console.error(`Saving theme ${themeId} failed:`, error);
    return data<ThemeEditorReply>({ ok: false, conflict: false, message: SAVE_FAILED }, { status: 500 });
  }
}

async function answer(actor: Actor, form: FormData, themeId: string) {
  const intent = formText(form, 'intent');
  if (intent === 'save') {
    const { input, error } = readThemePayload(formText(form, 'theme'));
    if (error) return error;
    const saved = await saveTheme(actor, themeId, input);
    if (!saved.ok) return fromFailure(saved);
    return data<ThemeEditorReply>({
      ok: true,
      intent: 'save',
      version: saved.version,
    });
  }
  if (intent === 'restore') {
    const revisionId = formText(form, 'revisionId');
    const version = Number(formText(form, 'version'));
    if (!revisionId || revisionId.length > 100 || !Number.isInteger(version) || version < 1) return refuse('Choose a version to restore.');
    const restored = await restoreRevision(actor, themeId, revisionId, version);
    if (!restored.ok) return fromFailure(restored, failureMessage(restored));
    const theme = await getTheme(themeId);
    if (!theme) return refuse(NO_THEME, 404);
    return data<ThemeEditorReply>({
      ok: true,
      intent: 'restore',
      version: theme.version,
      theme: {
        name: theme.name,
        settings: theme.settings,
        sections: theme.sections,
      },
    });
  }
  return refuse('Unknown action.');
}
