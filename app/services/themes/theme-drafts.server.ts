import { getDb } from '#app/db/client.server.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import type { ThemeContent } from '#app/lib/theme/model.ts';
import { completeTheme, type ThemeDraftInput } from '#app/lib/theme/schema.ts';
import { notFound, refuseWithout, type Result } from '#app/services/failures.ts';

import { readThemeContent } from './theme-record.server.ts';
import { checkThemeContent, getTheme, THEMES_PERMISSION } from './themes.server.ts';

/** A user's unsaved theme, as the preview renders it. */
export interface ThemeDraft extends ThemeContent {
  themeId: string;
  name: string;
  updatedAt: string;
}

/**
 * Keeps the editor's unsaved theme for one user (one draft per user, replacing the last), checked
 * like a save and bounded like an upload. It changes nothing a visitor sees, so the public cache stays.
 */
export async function saveThemeDraft(actor: Actor, input: ThemeDraftInput): Promise<Result<{ updatedAt: string }>> {
  const content = completeTheme(input);
  const refused = refuseWithout(actor, THEMES_PERMISSION) ?? checkThemeContent(content);
  if (refused) return refused;
  // The theme editor's word for a theme that is gone (docs/product.md, Theme editor).
  if (!(await getTheme(input.themeId))) return notFound('No theme selected');
  const updatedAt = nowIso();
  const row = {
    user_id: actor.id,
    theme_id: input.themeId,
    name: input.name,
    settings: JSON.stringify(content.settings),
    data: JSON.stringify(content.sections),
    updated_at: updatedAt,
  };
  await writeTransaction(async (trx) => {
    await trx.deleteFrom('theme_drafts').where('user_id', '=', actor.id).execute();
    await trx.insertInto('theme_drafts').values(row).execute();
  });
  return { ok: true, updatedAt };
}

export async function getThemeDraft(userId: string): Promise<ThemeDraft | null> {
  const row = await getDb()
    .selectFrom('theme_drafts')
    .select(['theme_id', 'name', 'settings', 'data', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const { settings, sections } = readThemeContent(row.settings, row.data);
  return { themeId: row.theme_id, name: row.name, settings, sections, updatedAt: row.updated_at };
}

/** Forgets a user's draft (after a save, or when the editor closes). */
export async function clearThemeDraft(actor: Actor): Promise<Result> {
  const refused = refuseWithout(actor, THEMES_PERMISSION);
  if (refused) return refused;
  await getDb().deleteFrom('theme_drafts').where('user_id', '=', actor.id).execute();
  return { ok: true };
}
