import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '#app/components/site/site-footer.tsx';
import { SiteHeader } from '#app/components/site/site-header.tsx';
import { detectRequestLanguage } from '#app/i18n/detect.ts';
import { getMessages } from '#app/i18n/messages.server.ts';
import { createTranslate } from '#app/i18n/translate.ts';
import { I18nProvider } from '#app/i18n/use-translation.ts';
import { themeSectionsCss, themeVariablesCss } from '#app/lib/theme-stylesheet.ts';
import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';
import { getSiteSettingsForRequest } from '#app/services/settings/settings.server.ts';
import { asksForThemePreview, siteThemeFor } from '#app/http/site-theme.server.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import { getSiteTheme, type SiteTheme } from '#app/services/themes/site-theme.server.ts';
import { siteOrigin } from '#app/http/site-url.server.ts';
import interRegular from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import poppinsBold from '@fontsource/poppins/files/poppins-latin-700-normal.woff2?url';
import type { Route } from './+types/layout';

// The body and heading fonts are fetched alongside the stylesheet, so text does
// not reflow (layout shift) when they arrive after the first paint.
export const links: Route.LinksFunction = () =>
  [interRegular, poppinsBold].map((href) => ({ rel: 'preload', href, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' as const }));

const themeCssOf = (theme: SiteTheme) => `${themeVariablesCss(theme.settings)}${themeSectionsCss(theme.sections)}`;
// What every visitor's page shares, read once and kept in memory until the next public write.
const cachedShell = memoUntilWrite(getSiteShell);
const activeThemeCss = memoUntilWrite(async () => themeCssOf(await getSiteTheme()));

export async function loader({ request }: Route.LoaderArgs) {
  // The site's default language takes part in detection, so it is read first.
  await getSiteSettingsForRequest();
  const language = detectRequestLanguage(request);
  const base = { language, messages: getMessages(language), origin: siteOrigin() };
  if (!asksForThemePreview(new URL(request.url))) {
    const [shell, themeCss] = await Promise.all([cachedShell(), activeThemeCss()]);
    return { ...base, shell, themeCss, preview: null };
  }
  const [shell, { theme, preview }] = await Promise.all([cachedShell(), siteThemeFor(request)]);
  return { ...base, shell, themeCss: themeCssOf(theme), preview };
}

/** Short, stable id of the theme CSS, so React swaps the hoisted <style> when the theme changes. */
function cssId(css: string): string {
  let hash = 0;
  for (let i = 0; i < css.length; i++) hash = (hash * 31 + css.charCodeAt(i)) | 0;
  return `site-theme-${(hash >>> 0).toString(36)}`;
}

/** The public site's shell: theme variables, top bar, page, footer, in the visitor's language. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { language, messages, shell } = loaderData;
  const i18n = useMemo(() => ({ language, t: createTranslate(messages) }), [language, messages]);
  return (
    <I18nProvider value={i18n}>
      {/* React hoists this into <head>: the theme applies before the first paint. */}
      <style href={cssId(loaderData.themeCss)} precedence="default">
        {loaderData.themeCss}
      </style>
      {/* In a theme preview, links inside the site keep the preview (a static file: nothing in the page bundle). */}
      {loaderData.preview && <script async src="/theme-preview-links.js" data-param={loaderData.preview.param} data-value={loaderData.preview.value} />}
      <div className="flex min-h-screen flex-col bg-site-bg font-site-body text-site-text">
        <div data-section="navbar">
          <SiteHeader site={shell.site} menu={shell.menus.header} />
        </div>
        <main id="main" className="flex-1 pt-16">
          <Outlet />
        </main>
        <div data-section="footer">
          <SiteFooter shell={shell} />
        </div>
      </div>
    </I18nProvider>
  );
}
