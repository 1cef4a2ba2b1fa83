import { type Kysely, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { nowIso } from '#app/lib/ids.ts';
import type { Actor, Permission } from '#app/lib/permissions.ts';
import { SECTION_NAMES, type ThemeContent } from '#app/lib/theme/model.ts';
import { type PresetName, THEME_PRESETS } from '#app/lib/theme/presets.ts';
import { completeTheme, THEME_FILE_MAX_BYTES, type ThemeSaveInput } from '#app/lib/theme/schema.ts';
import { sectionCssProblem } from '#app/lib/theme/section-css.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { conflict, type Failure, forbidden, invalid, notFound, refuseWithout, type Result } from '#app/services/failures.ts';
import { refreshMediaUsage } from '#app/services/media/media-usage.server.ts';
import { notifyThemeActivated } from '#app/services/notifications/notifications.server.ts';
import { publicWrite } from '#app/services/public-write.server.ts';
import { forgetItemHistory, recordRevision } from '#app/services/revisions/revisions.server.ts';

import { templateProblem } from './section-html.server.ts';
import { readThemeContent, type Theme, THEME_COLUMNS, toTheme } from './theme-record.server.ts';

export const DEFAULT_THEME_ID = 'default';
/** Themes are the site's look: their writes need the settings permission (the Themes screen's). */
export const THEMES_PERMISSION: Permission = 'manage_settings';
const gone = () => notFound('This theme no longer exists.');

export async function listThemes(): Promise<Theme[]> {
  const rows = await getDb().selectFrom('themes').select(THEME_COLUMNS).orderBy('created_at').orderBy('name').execute();
  // The default theme first, then the others in the order they were made.
  return rows.map(toTheme).sort((a, b) => Number(b.id === DEFAULT_THEME_ID) - Number(a.id === DEFAULT_THEME_ID));
}

export async function getTheme(id: string): Promise<Theme | null> {
  const row = await getDb().selectFrom('themes').select(THEME_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toTheme(row) : null;
}

/** The theme the public site wears: the active one, or the default theme should none be active. */
export async function getActiveTheme(db: Kysely<Database> = getDb()): Promise<Theme | null> {
  const row =
    (await db.selectFrom('themes').select(THEME_COLUMNS).where('is_active', '=', 1).executeTakeFirst()) ??
    (await db.selectFrom('themes').select(THEME_COLUMNS).where('id', '=', DEFAULT_THEME_ID).executeTakeFirst());
  return row ? toTheme(row) : null;
}

/** Checks what the schema cannot: section CSS that stays inside its section, templates that parse, the size cap. */
export function checkThemeContent(content: ThemeContent): Failure | null {
  const errors: Record<string, string> = {};
  for (const name of SECTION_NAMES) {
    const cssProblem = sectionCssProblem(content.sections[name].css);
    if (cssProblem) errors[`sections.${name}.css`] = `The ${name} CSS ${cssProblem}.`;
    const htmlProblem = content.sections[name].html ? templateProblem(content.sections[name].html) : null;
    if (htmlProblem) errors[`sections.${name}.html`] = `The ${name} HTML ${htmlProblem}.`;
  }
  if (Object.keys(errors).length) return invalid(errors);
  if (Buffer.byteLength(JSON.stringify(content)) > THEME_FILE_MAX_BYTES) return invalid({}, ['A theme must be at most 256 KB.']);
  return null;
}

/** A fresh id of the form theme-{timestamp}, one millisecond later if that one is taken. */
async function freeThemeId(db: Kysely<Database>): Promise<string> {
  for (let stamp = Date.now(); ; stamp++) {
    const id = `theme-${stamp}`;
    if (!(await db.selectFrom('themes').select('id').where('id', '=', id).executeTakeFirst())) return id;
  }
}

/**
 * Before a theme's first save with no history (a shipped theme, or one made before themes kept revisions), its
 * stored state is kept as the original version, marked as never pruned: the history can always go back to it.
 */
async function keepOriginal(trx: Kysely<Database>, themeId: string, version: number) {
  const kept = await trx
    .selectFrom('revisions')
    .select('id')
    .where('item_kind', '=', 'theme')
    .where('item_id', '=', themeId)
    .executeTakeFirst();
  if (kept) return;
  const row = await trx.selectFrom('themes').select(['name', 'settings', 'data', 'version']).where('id', '=', themeId).executeTakeFirst();
  if (!row || Number(row.version) !== version) return;
  const content = readThemeContent(row.settings, row.data);
  await recordRevision(trx, {
    kind: 'theme',
    itemId: themeId,
    version,
    state: { name: row.name, settings: content.settings, sections: content.sections },
    published: true,
    savedBy: null,
    previous: null,
  });
}

/** A theme's save kept in the one history of every content kind (decision 027); its first version is never pruned. */
function keepRevision(
  trx: Kysely<Database>,
  themeId: string,
  version: number,
  name: string,
  content: ThemeContent,
  actorId: string | null,
) {
  return recordRevision(trx, {
    kind: 'theme',
    itemId: themeId,
    version,
    state: { name, settings: content.settings, sections: content.sections },
    published: version === 1,
    savedBy: actorId,
  });
}

/** Stores a new, inactive theme. */
export async function insertTheme(
  actor: Actor,
  input: {
    name: string;
    description: string;
    content: ThemeContent;
    /** How it came: Upload Theme, or New Theme from a preset (the audit log tells them apart). */
    source?: 'upload' | 'preset';
  },
): Promise<Result<{ id: string }>> {
  const refused = refuseWithout(actor, THEMES_PERMISSION) ?? checkThemeContent(input.content);
  if (refused) return refused;
  return publicWrite(async (trx) => {
    const id = await freeThemeId(trx);
    const now = nowIso();
    await trx
      .insertInto('themes')
      .values({
        id,
        name: input.name,
        description: input.description,
        is_active: 0,
        settings: JSON.stringify(input.content.settings),
        data: JSON.stringify(input.content.sections),
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await keepRevision(trx, id, 1, input.name, input.content, actor.id);
    await recordAudit(trx, {
      actor,
      action: input.source === 'upload' ? 'theme.uploaded' : 'theme.created',
      target: { type: 'theme', id, label: input.name },
    });
    await refreshMediaUsage(trx, { kind: 'theme', id });
    return { ok: true as const, id };
  });
}

/** New Theme: a theme made from the default or dark preset. */
export function createThemeFromPreset(actor: Actor, input: { name: string; description?: string; preset: PresetName }) {
  const description = input.description?.trim() || `Made from the ${input.preset} preset.`;
  return insertTheme(actor, { name: input.name, description, content: completeTheme({}, THEME_PRESETS[input.preset]) });
}

/** Makes a theme the one the site wears; every other theme becomes inactive. Recorded in the audit log. */
export async function activateTheme(actor: Actor, id: string): Promise<Result<{ name: string }>> {
  const refused = refuseWithout(actor, THEMES_PERMISSION);
  if (refused) return refused;
  const result = await activateInTransaction(id, actor);
  // The other administrators are told who changed the site's look (a failing notification never fails the change).
  if (result.ok) {
    await notifyThemeActivated({ actor: { id: actor.id, name: actor.name ?? 'Someone' }, themeName: result.name }).catch((error: unknown) =>
      console.error('Could not record the theme notification:', error),
    );
  }
  return result;
}

function activateInTransaction(id: string, actor: Actor): Promise<Result<{ name: string }>> {
  return publicWrite(async (trx) => {
    const theme = await trx.selectFrom('themes').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    if (!theme) return gone();
    await trx.updateTable('themes').set({ is_active: 0 }).where('is_active', '=', 1).where('id', '<>', id).execute();
    await trx.updateTable('themes').set({ is_active: 1 }).where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'theme.activated', target: { type: 'theme', id, label: theme.name } });
    return { ok: true as const, name: theme.name };
  });
}

/** Deletes a theme (never the default one); when it was active, the default theme becomes active. */
export async function deleteTheme(actor: Actor, id: string): Promise<Result<{ name: string; activated: string | null }>> {
  const refused = refuseWithout(actor, THEMES_PERMISSION);
  if (refused) return refused;
  if (id === DEFAULT_THEME_ID) return forbidden("Can't delete default theme");
  return publicWrite(async (trx) => {
    const theme = await trx.selectFrom('themes').select(['name', 'is_active']).where('id', '=', id).executeTakeFirst();
    if (!theme) return gone();
    await forgetItemHistory(trx, 'theme', id);
    await trx.deleteFrom('themes').where('id', '=', id).execute();
    await refreshMediaUsage(trx, { kind: 'theme', id });
    let activated: string | null = null;
    if (Number(theme.is_active) === 1) {
      await trx.updateTable('themes').set({ is_active: 1 }).where('id', '=', DEFAULT_THEME_ID).execute();
      activated = DEFAULT_THEME_ID;
    }
    await recordAudit(trx, {
      actor,
      action: 'theme.deleted',
      target: { type: 'theme', id, label: theme.name },
      details: activated ? { activated } : undefined,
    });
    return { ok: true as const, name: theme.name, activated };
  });
}

/**
 * Saves the editor's theme made on `input.version`. The UPDATE checks the version itself, so of two
 * admins saving the same theme the later one gets a conflict instead of overwriting the other.
 */
export async function saveTheme(
  actor: Actor,
  id: string,
  input: ThemeSaveInput,
  /** The kept version this save restores (Restore), for the audit log. */
  restoredFrom?: number,
): Promise<Result<{ version: number }>> {
  const content = completeTheme(input);
  const refused = refuseWithout(actor, THEMES_PERMISSION) ?? checkThemeContent(content);
  if (refused) return refused;
  const saved = await publicWrite(async (trx) => {
    await keepOriginal(trx, id, input.version);
    const result = await trx
      .updateTable('themes')
      .set({
        name: input.name,
        settings: JSON.stringify(content.settings),
        data: JSON.stringify(content.sections),
        updated_at: nowIso(),
        version: sql<number>`version + 1`,
      })
      .where('id', '=', id)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { ok: false as const, reason: 'conflict' as const };
    await keepRevision(trx, id, input.version + 1, input.name, content, actor.id);
    await recordAudit(trx, {
      actor,
      action: restoredFrom === undefined ? 'theme.saved' : 'theme.restored',
      target: { type: 'theme', id, label: input.name },
      details: { version: input.version + 1, ...(restoredFrom === undefined ? {} : { restoredFrom }) },
    });
    await refreshMediaUsage(trx, { kind: 'theme', id });
    return { ok: true as const, version: input.version + 1 };
  });
  if (saved.ok) return saved;
  return (await getTheme(id))
    ? conflict('This theme was changed by someone else since you opened it. Your changes have not been saved.')
    : gone();
}

/** A theme as a file that Upload accepts: the one model, as the editor saves it. */
export async function exportTheme(id: string): Promise<Result<{ fileName: string; json: string }>> {
  const theme = await getTheme(id);
  if (!theme) return gone();
  const file = {
    name: theme.name,
    description: theme.description,
    settings: theme.settings,
    sections: theme.sections,
  };
  const base = theme.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || theme.id;
  return { ok: true, fileName: `${base}.json`, json: `${JSON.stringify(file, null, 2)}\n` };
}
