import { getDb } from '#app/db/client.server.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { notFound, refuseWithout, type Result } from '#app/services/failures.ts';

import { readThemeContent } from './theme-record.server.ts';
import { saveTheme, THEMES_PERMISSION } from './themes.server.ts';

export interface ThemeRevision {
  id: string;
  version: number;
  name: string;
  createdAt: string;
  /** The theme as it was made (or shipped): never pruned. */
  original: boolean;
}

/** The kept versions of a theme, newest first. */
export async function listRevisions(themeId: string): Promise<ThemeRevision[]> {
  const rows = await getDb()
    .selectFrom('revisions')
    .select(['id', 'version', 'state', 'created_at', 'published'])
    .where('item_kind', '=', 'theme')
    .where('item_id', '=', themeId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: Number(row.version),
    name: parseJson<{ name?: string }>(row.state, {}).name ?? '',
    createdAt: row.created_at,
    original: Number(row.published) === 1,
  }));
}

/** Restores a kept version as a new save (made on `version`, so it too can conflict). */
export async function restoreRevision(
  actor: Actor,
  themeId: string,
  revisionId: string,
  version: number,
): Promise<Result<{ version: number }>> {
  const refused = refuseWithout(actor, THEMES_PERMISSION);
  if (refused) return refused;
  const revision = await getDb()
    .selectFrom('revisions')
    .select(['state', 'version'])
    .where('item_kind', '=', 'theme')
    .where('item_id', '=', themeId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  if (!revision) return notFound('This version of the theme is no longer kept.');
  const state = parseJson<{ name?: string; settings?: unknown; sections?: unknown }>(revision.state, {});
  const content = readThemeContent(JSON.stringify(state.settings ?? {}), JSON.stringify(state.sections ?? {}));
  const restored = { name: state.name ?? '', version, settings: content.settings, sections: content.sections };
  return saveTheme(actor, themeId, restored, Number(revision.version));
}
