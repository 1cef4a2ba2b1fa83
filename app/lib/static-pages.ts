/** The route every public page (landing, blog, article, static page) renders inside. */
export const SITE_LAYOUT_ROUTE_ID = 'routes/site/layout';

interface MatchLike {
  id: string;
}

/**
 * Whether a page is sent as server-rendered HTML only, with no React in the browser: every page
 * inside the public site layout, a staff member's theme preview included (the theme editor drives
 * its frame by writing a <style> into it and loading it again). Such pages carry the small
 * progressive-enhancement script instead (app/site/enhance.ts), the one behaviour of each public
 * interaction, and none of React Router's hydration data. The admin keeps full React.
 */
export function isStaticPage(matches: readonly MatchLike[]): boolean {
  return matches.some((match) => match.id === SITE_LAYOUT_ROUTE_ID);
}
