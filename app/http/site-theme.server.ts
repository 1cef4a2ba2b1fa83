/**
 * Theme preview: the real public pages, rendered on the server in a theme that is not the active
 * one, for one signed-in user only. The API, for the Themes screen and the theme editor:
 *
 * - `GET <any public page>?theme-preview=<themeId>`: the page in that saved theme.
 * - `POST /admin/themes/draft` stores the editor's unsaved theme for the signed-in user (one per
 *   user, the last one wins). Body: JSON `{ themeId, name, settings, sections }` (as a save, without
 *   `version`), or a form with those fields as a JSON text in the field `theme`. Answers
 *   `{ ok: true, previewUrl: '/?theme-draft=1' }`, or 400 `{ ok: false, message, fieldErrors }`
 *   when the theme is refused (the same checks as a save, 256 KB at most). A form with
 *   `intent=clear` (or a DELETE) forgets the draft.
 * - `GET <any public page>?theme-draft=1`: the page in that user's draft.
 * - `GET /preview` (the editor's Preview button, in a new tab): redirects to `/?theme-draft=1` when
 *   the user has a draft (for `?theme=<id>`: a draft of that theme), else to `/?theme-preview=<id>`.
 * - `themePreviewUrl(path, { themeId } | 'draft')` in app/lib/theme/preview.ts builds these URLs.
 *
 * Only a user who may manage themes gets the previewed theme; anyone else, and any unknown theme,
 * gets the active theme. A preview never reaches the shared HTML cache: any query parameter other
 * than `page` makes a request uncacheable (server/public/cache-key.ts), a signed-in user's requests are
 * never cached either, and previews are answered `Cache-Control: private, no-store` (server/app.ts).
 * Inside a previewed page, links keep the parameter (the site layout), so the whole site can be
 * browsed in the previewed theme.
 */
import { adminScreen } from '#app/lib/admin-screens.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { THEME_DRAFT_PARAM, THEME_PREVIEW_PARAM } from '#app/lib/theme/preview.ts';
import { getDraftSiteTheme, getSavedSiteTheme, getSiteTheme, type SiteTheme } from '#app/services/themes/site-theme.server.ts';

import { getSessionUser } from './guard.server.ts';

export interface SiteThemeChoice {
  theme: SiteTheme;
  /** Set when the page is a preview: what the frame shows, and the parameter links must keep. */
  preview: { name: string; param: string; value: string } | null;
}

const choices = new WeakMap<Request, Promise<SiteThemeChoice>>();

/** Whether this request asks for a preview at all (cheap: no database, no session). */
export function asksForThemePreview(url: URL): boolean {
  return url.searchParams.has(THEME_PREVIEW_PARAM) || url.searchParams.has(THEME_DRAFT_PARAM);
}

async function choose(request: Request): Promise<SiteThemeChoice> {
  const url = new URL(request.url);
  if (!asksForThemePreview(url)) return { theme: await getSiteTheme(), preview: null };
  const user = await getSessionUser(request);
  const allowed = !!user && hasPermission(user, 'access_admin') && hasPermission(user, adminScreen('themes').permission);
  if (allowed && url.searchParams.get(THEME_DRAFT_PARAM) === '1') {
    const draft = await getDraftSiteTheme(user.id);
    if (draft) return { theme: draft, preview: { name: draft.name, param: THEME_DRAFT_PARAM, value: '1' } };
  }
  const id = url.searchParams.get(THEME_PREVIEW_PARAM);
  if (allowed && id) {
    const saved = await getSavedSiteTheme(id.slice(0, 100));
    if (saved) return { theme: saved, preview: { name: saved.name, param: THEME_PREVIEW_PARAM, value: saved.id } };
  }
  return { theme: await getSiteTheme(), preview: null };
}

/** The theme this request's public page is rendered in; asked once per request however many loaders ask. */
export function siteThemeFor(request: Request): Promise<SiteThemeChoice> {
  let pending = choices.get(request);
  if (!pending) {
    pending = choose(request);
    choices.set(request, pending);
  }
  return pending;
}
