import type { Actor } from '#app/lib/permissions.ts';
import { type CommentSettings, DEFAULT_COMMENT_SETTINGS } from '#app/schemas/comment.ts';
import type { Result } from '#app/services/failures.ts';
import { readSetting, writeSettings } from '#app/services/settings/settings-store.server.ts';

/** Settings → Comments: auto-approval of known authors, closing by age, the blocklist, e-mail to moderators. */
export function getCommentSettings(): Promise<CommentSettings> {
  return readSetting<CommentSettings>('comments', DEFAULT_COMMENT_SETTINGS);
}

/**
 * Saves Settings → Comments (checked by `commentSettingsSchema`; audited by the settings screen as every tab is);
 * the public pages show the change (a form closed by age) at once. With `version`, a save over someone else's is refused.
 */
export function saveCommentSettings(actor: Actor, settings: CommentSettings, version?: string): Promise<Result> {
  return writeSettings(actor, { comments: settings }, undefined, version);
}
