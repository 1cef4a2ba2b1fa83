import type { Actor } from '#app/lib/permissions.ts';
import { completeTheme, THEME_FILE_MAX_BYTES } from '#app/lib/theme/schema.ts';
import { invalid, refuseWithout, type Result } from '#app/services/failures.ts';

import { readThemeFile } from './spec-styles.server.ts';
import { insertTheme, THEMES_PERMISSION } from './themes.server.ts';

export const INVALID_FORMAT = 'Invalid theme file format';
export const UPLOAD_FAILED = 'Failed to upload theme';
export const UPLOADED = 'Theme uploaded successfully';

const refuse = (message: string) => invalid({ file: message });

/** The theme name an uploaded file gives: its name without the folder and without `.json`. */
export function themeNameFromFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return (
    base
      .replace(/\.json$/i, '')
      .trim()
      .slice(0, 100) || 'Uploaded theme'
  );
}

/**
 * Upload Theme: a `.json` file as Export writes it (`settings` and `sections`), or in the spec's
 * `{ styles }` shape (read by spec-styles.server.ts). Checked against the theme schema on the server (unknown keys dropped); a
 * refused file changes nothing and the message names the field at fault.
 */
export async function uploadTheme(actor: Actor, file: { name: string; bytes: Uint8Array }): Promise<Result<{ id: string; name: string }>> {
  const refused = refuseWithout(actor, THEMES_PERMISSION);
  if (refused) return refused;
  if (!/\.json$/i.test(file.name)) return refuse(INVALID_FORMAT);
  if (file.bytes.byteLength > THEME_FILE_MAX_BYTES) return refuse('Theme file must be at most 256 KB.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    return refuse(UPLOAD_FAILED);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return refuse(INVALID_FORMAT);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return refuse(INVALID_FORMAT);
  const read = readThemeFile(raw as Record<string, unknown>);
  if (!read.ok) return refuse(`${INVALID_FORMAT}: ${read.problem}`);
  const content = completeTheme(read.file);
  const name = themeNameFromFile(file.name);
  const saved = await insertTheme(actor, { name, description: 'Uploaded theme', content, source: 'upload' });
  if (!saved.ok && saved.reason === 'invalid') {
    const [field, messages] = Object.entries(saved.fieldErrors)[0] ?? ['', saved.formErrors ?? []];
    return refuse(`${INVALID_FORMAT}: ${field ? `${field}: ` : ''}${messages[0] ?? ''}`);
  }
  if (!saved.ok) return saved;
  return { ok: true, id: saved.id, name };
}
