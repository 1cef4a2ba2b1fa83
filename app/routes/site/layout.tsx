import { useMemo } from 'react';
import { Outlet, redirect } from 'react-router';

import { SiteTimingsPanel } from '#app/components/debug/site-timings-panel.tsx';
import { SiteFooter } from '#app/components/site/site-footer.tsx';
import { SiteHeader } from '#app/components/site/site-header.tsx';
import { ThemedSection } from '#app/components/site/themed-section.tsx';
import interRegular from '#app/fonts/inter-400.woff2?url';
import interSemibold from '#app/fonts/inter-600.woff2?url';
import poppinsSemibold from '#app/fonts/poppins-600.woff2?url';
import poppinsBold from '#app/fonts/poppins-700.woff2?url';
import { asksForThemePreview, siteThemeFor } from '#app/http/site-theme.server.ts';
import { siteOrigin } from '#app/http/site-url.server.ts';
import { detectLanguage, pathLanguage, siteDefaultLanguage, siteRequestLanguage, unprefixedPath } from '#app/i18n/detect.ts';
import { isLanguage, LANGUAGE_COOKIE } from '#app/i18n/languages.ts';
import { getMessages } from '#app/i18n/messages.server.ts';
import { createTranslate } from '#app/i18n/translate.ts';
import { I18nProvider } from '#app/i18n/use-translation.ts';
import { localizedPath } from '#app/lib/language-paths.ts';
import { themeVariablesCss } from '#app/lib/theme/css.ts';
import { SECTION_NAMES, type SectionName } from '#app/lib/theme/model.ts';
import { themeSectionsCss, themeStylesheetPath } from '#app/lib/theme/stylesheet.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import { codeInjectionForPages } from '#app/services/settings/code-injection.server.ts';
import { getSiteSettingsForRequest } from '#app/services/settings/settings.server.ts';
import { siteBehaviour } from '#app/services/settings/site-behaviour.server.ts';
import { getSiteShell, type SiteShell } from '#app/services/site-shell/site-shell.server.ts';
import { renderThemeSections } from '#app/services/themes/section-html.server.ts';
import { getSiteTheme, type SiteTheme } from '#app/services/themes/site-theme.server.ts';

import type { Route } from './+types/layout';

// The body and heading fonts are fetched alongside the stylesheet, so that they are normally there for the
// first paint (app.css: font-display swap, with metric-matched fallbacks for a late one). A preload also keeps them
// out of the highest priority, which the stylesheet then has to itself; found in the stylesheet, they would share it.
export const links: Route.LinksFunction = () =>
  [interRegular, interSemibold, poppinsSemibold, poppinsBold].map((href) => ({
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous' as const,
  }));

// What every visitor's page of one language shares, read once and kept in memory until the next public write.
const cachedShell = memoUntilWrite(getSiteShell);

/**
 * What the layout needs of the theme: the settings as variables (inline, for the first paint), the
 * sections' rules (the active theme's as a cached stylesheet; a preview's inline), each section's
 * custom classes, and the header's and footer's theme HTML when set.
 */
function themeParts(theme: SiteTheme, preview: boolean, shell: SiteShell, year: number) {
  const sectionsCss = themeSectionsCss(theme.sections);
  const linked = !preview && theme.version > 0 && sectionsCss !== '';
  const classes = Object.fromEntries(SECTION_NAMES.map((name) => [name, theme.sections[name].settings.customClasses])) as Record<
    SectionName,
    string
  >;
  const links = (items: SiteShell['menus']['header']) => items.map((item) => ({ title: item.title, href: item.href }));
  const html = renderThemeSections(theme.sections, ['navbar', 'footer'], {
    navbar: { ...shell.site, links: links(shell.menus.header) },
    footer: {
      ...shell.site,
      links: links(shell.menus.footer),
      social: shell.social,
      contact: shell.contact,
      year,
    },
  });
  return {
    themeCss: `${themeVariablesCss(theme.settings)}${linked ? '' : sectionsCss}`,
    themeStylesheet: linked ? themeStylesheetPath(theme) : null,
    sections: { classes, html },
  };
}

/**
 * The theme parts of the shared theme and shell, built once per pair (and year, for the footer):
 * both are kept in memory until the next public write, which replaces them with new objects, so a
 * copy keyed on them can never outlive what it was built from.
 */
const partsByShell = new WeakMap<SiteShell, { theme: SiteTheme; preview: boolean; year: number; parts: ReturnType<typeof themeParts> }>();

function sharedThemeParts(theme: SiteTheme, preview: boolean, shell: SiteShell) {
  const year = new Date().getFullYear();
  // Keyed on the shell: each language has its own (decision 030), and each is replaced on the next public write.
  const known = partsByShell.get(shell);
  if (known && known.theme === theme && known.preview === preview && known.year === year) return known.parts;
  const parts = themeParts(theme, preview, shell, year);
  partsByShell.set(shell, { theme, preview, year, parts });
  return parts;
}

/**
 * The language is the URL's (decision 030): `?lng=` answers 301 to the same place in that language, a prefix naming
 * the default language 301 to the unprefixed URL, and `/` alone sends a visitor whose cookie or browser asks for
 * another language to that language's home (302; such a request is never answered from the cache).
 */
function languageRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  const defaultLanguage = siteDefaultLanguage();
  const queried = url.searchParams.get('lng');
  const prefix = pathLanguage(url.pathname);
  // A ?lng= naming the URL's own language changes nothing but the remembered choice (the root loader's cookie).
  const urlLanguage = prefix ?? defaultLanguage;
  if ((isLanguage(queried) && queried !== urlLanguage) || prefix === defaultLanguage) {
    const language = isLanguage(queried) ? queried : defaultLanguage;
    url.searchParams.delete('lng');
    const target = localizedPath(unprefixedPath(url.pathname), language, defaultLanguage);
    // ?lng= is remembered like a switcher choice (it decides where `/` sends the visitor next time).
    const remembered = isLanguage(queried) ? `${LANGUAGE_COOKIE}=${queried}; Path=/; Max-Age=31536000; SameSite=Lax` : null;
    return redirect(`${target}${url.search}`, { status: 301, headers: remembered ? { 'Set-Cookie': remembered } : {} });
  }
  if (url.pathname === '/' && !url.search) {
    const wanted = detectLanguage({
      query: null,
      cookieHeader: request.headers.get('Cookie'),
      acceptLanguage: request.headers.get('Accept-Language'),
    });
    if (wanted !== defaultLanguage) return redirect(localizedPath('/', wanted, defaultLanguage), 302);
  }
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // The site's default language decides which URLs are unprefixed, so it is read first.
  await getSiteSettingsForRequest();
  const moved = languageRedirect(request);
  if (moved) throw moved;
  const language = siteRequestLanguage(request);
  const defaultLanguage = siteDefaultLanguage();
  // Only signed-in staff reach a page while Maintenance Mode is on (visitors get the maintenance page): they see a banner.
  // The server's own error pages (the maintenance page itself) carry no banner.
  const maintenance = siteBehaviour().maintenanceMode && !context.statusPage;
  // Settings → Advanced → Hide view counts: cards and articles leave them out.
  const base = {
    language,
    defaultLanguage,
    messages: getMessages(language),
    origin: siteOrigin(),
    maintenance,
    hideViewCounts: siteBehaviour().hideViewCounts,
  };
  const previewing = asksForThemePreview(new URL(request.url));
  const [shell, { theme, preview }, codeInjection] = await Promise.all([
    cachedShell(language),
    previewing ? siteThemeFor(request) : getSiteTheme().then((active) => ({ theme: active, preview: null })),
    codeInjectionForPages(),
  ]);
  // Settings → Code Injection: spliced into the rendered page by entry.server.tsx (renderWholeDocument), not by React.
  return { ...base, shell, ...sharedThemeParts(theme, !!preview, shell), preview, codeInjection };
}

/** Short, stable id of the theme CSS, so React swaps the hoisted <style> when the theme changes. */
function cssId(css: string): string {
  let hash = 0;
  for (let i = 0; i < css.length; i++) hash = (hash * 31 + css.charCodeAt(i)) | 0;
  return `site-theme-${(hash >>> 0).toString(36)}`;
}

/** The public site's shell: theme variables, top bar, page, footer, in the visitor's language. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { language, messages, shell, sections } = loaderData;
  const i18n = useMemo(() => ({ language, t: createTranslate(messages) }), [language, messages]);
  return (
    <I18nProvider value={i18n}>
      {/* React hoists this into <head>: the theme applies before the first paint. */}
      <style href={cssId(loaderData.themeCss)} precedence="default">
        {loaderData.themeCss}
      </style>
      {loaderData.themeStylesheet ? <link rel="stylesheet" href={loaderData.themeStylesheet} precedence="default" /> : null}
      {/* In a theme preview, links inside the site keep the preview (a static file: nothing in visitors' pages). */}
      {loaderData.preview && (
        <script async src="/theme-preview-links.js" data-param={loaderData.preview.param} data-value={loaderData.preview.value} />
      )}
      <div className="flex min-h-screen flex-col bg-site-bg font-site-body text-site-text">
        <ThemedSection name="navbar" className={sections.classes.navbar} html={sections.html.navbar}>
          <SiteHeader site={shell.site} menu={shell.menus.header} />
        </ThemedSection>
        <main id="main" className="flex-1 pt-16">
          {loaderData.maintenance ? (
            <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950" data-maintenance-banner>
              Maintenance mode is on: visitors see a maintenance page. You see the site because you are signed in.
            </p>
          ) : null}
          <Outlet />
        </main>
        <ThemedSection name="footer" className={sections.classes.footer} html={sections.html.footer}>
          <SiteFooter shell={shell} />
        </ThemedSection>
        {/* Debug Mode, for a signed-in administrator: this request's server timings. */}
        <SiteTimingsPanel />
      </div>
    </I18nProvider>
  );
}
