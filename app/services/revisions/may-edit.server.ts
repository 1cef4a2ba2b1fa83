import { getDb } from '#app/db/client.server.ts';
import { isLanguage } from '#app/i18n/languages.ts';
import { canEditPage, canEditPost } from '#app/lib/content-permissions.ts';
import { type Actor, hasPermission } from '#app/lib/permissions.ts';

import type { RevisionKind } from './revisions.server.ts';

/** The key of the autosave of a page or post never saved: `new-` and a random id the editor made. */
export const NEW_ITEM_KEY = /^new-[A-Za-z0-9-]{8,64}$/;

/**
 * Whoever may edit an item may see its revisions, autosave it and appear as its editor (docs/permissions.md): the
 * same rules as its save. A new, never-saved page or post (`new-…`) needs only the right to write that kind.
 */
export async function mayEditItem(actor: Actor, kind: RevisionKind, key: string): Promise<boolean> {
  if (kind === 'landing') return hasPermission(actor, 'manage_pages') && isLanguage(key);
  // Themes keep their history through the theme editor, which checks its own permission; not through this route.
  if (kind === 'theme') return false;
  const mayWriteKind = kind === 'page' ? hasPermission(actor, 'manage_pages') : hasPermission(actor, 'access_admin');
  if (!mayWriteKind) return false;
  if (NEW_ITEM_KEY.test(key)) return true;
  if (kind === 'page') {
    const page = await getDb().selectFrom('pages').select('status').where('id', '=', key).executeTakeFirst();
    return !!page && canEditPage(actor, page);
  }
  const post = await getDb().selectFrom('blog_posts').select(['status', 'author_id']).where('id', '=', key).executeTakeFirst();
  return !!post && canEditPost(actor, post);
}

export function isRevisionKind(value: string): value is RevisionKind {
  return value === 'page' || value === 'post' || value === 'landing';
}
