/**
 * Query parameters that render a public page in another theme for the signed-in user allowed to
 * manage themes (anyone else gets the active theme): `?theme-preview=<themeId>` a saved theme,
 * `?theme-draft=1` that user's unsaved editor theme. See app/http/site-theme.server.ts.
 */
export const THEME_PREVIEW_PARAM = 'theme-preview';
export const THEME_DRAFT_PARAM = 'theme-draft';

/** The public URL `path` rendered in the saved theme `themeId`, or in the user's draft. */
export function themePreviewUrl(path: string, target: { themeId: string } | 'draft'): string {
  const url = new URL(path, 'http://preview.invalid');
  if (target === 'draft') url.searchParams.set(THEME_DRAFT_PARAM, '1');
  else url.searchParams.set(THEME_PREVIEW_PARAM, target.themeId);
  return `${url.pathname}${url.search}${url.hash}`;
}
