/** The route every public page (landing, blog, article, static page) renders inside. */
export const SITE_LAYOUT_ROUTE_ID = 'routes/site/layout';

interface MatchLike {
  id: string;
  data?: unknown;
}

/**
 * Whether a page is sent as server-rendered HTML only, with no React in the browser: every page
 * inside the public site layout, except a theme preview (staff only), which keeps React so the
 * theme editor can drive it. Such pages carry the small progressive-enhancement script instead
 * (app/site/enhance.ts) and none of React Router's hydration data. The admin keeps full React.
 */
export function isStaticPage(matches: readonly MatchLike[]): boolean {
  const layout = matches.find((match) => match.id === SITE_LAYOUT_ROUTE_ID);
  if (!layout) return false;
  const data = layout.data as { preview?: unknown } | undefined;
  return !data?.preview;
}
