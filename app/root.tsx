import { type ReactNode, useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';

import { ErrorPage } from '#app/components/ui/error-page.tsx';
import { LazyToasts } from '#app/components/ui/lazy-toasts.tsx';
import { takeToast } from '#app/http/toast.server.ts';
import { detectRequestLanguage, siteRequestLanguage } from '#app/i18n/detect.ts';
import { isLanguage, LANGUAGE_COOKIE } from '#app/i18n/languages.ts';
import { useNonce } from '#app/lib/nonce.tsx';
import { isStaticPage } from '#app/lib/static-pages.ts';
import { defaultSiteSettings } from '#app/services/settings/defaults.ts';
import { getSiteSettingsForRequest } from '#app/services/settings/settings.server.ts';
import { siteBehaviour } from '#app/services/settings/site-behaviour.server.ts';

import type { Route } from './+types/root';
import stylesheet from './app.css?url';
// Compiled and bundled on its own (a few KB): the only script public pages load.
import enhanceScript from './site/enhance.ts?worker&url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

/** Staff screens are in English; the public site is in the visitor's language (docs/product.md, Languages). */
function isStaffPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/') || pathname === '/admin' || pathname.startsWith('/admin/');
}

export async function loader({ request }: Route.LoaderArgs) {
  const [{ toast, headers }, site] = await Promise.all([takeToast(request), getSiteSettingsForRequest()]);
  const url = new URL(request.url);
  // A public page's language is its URL's (decision 030); the signed-out screens follow the visitor's choice.
  const lang = isStaffPath(url.pathname)
    ? 'en'
    : url.pathname.startsWith('/invite/')
      ? detectRequestLanguage(request)
      : siteRequestLanguage(request);
  // ?lng= is remembered like a switcher choice (the spec caches the detected language).
  const queried = url.searchParams.get('lng');
  if (isLanguage(queried)) headers.append('Set-Cookie', `${LANGUAGE_COOKIE}=${queried}; Path=/; Max-Age=31536000; SameSite=Lax`);
  // Settings → Advanced → Discourage search engines: every page says noindex in its head (server/app.ts adds the header).
  const noindex = siteBehaviour().discourageSearchEngines;
  // The signed-out pages (sign-in, two-factor, invitation, password reset) show the site's logo and name.
  const brand = { name: site.siteName, logo: site.logo };
  return data({ toast, lang, favicon: site.favicon || defaultSiteSettings.favicon, noindex, brand }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function Layout({ children }: { children: ReactNode }) {
  // Cached public pages are rendered without a nonce (their scripts are allowed by hash).
  const nonce = useNonce() || undefined;
  const rootData = useRouteLoaderData<typeof loader>('root');
  const staticPage = isStaticPage(useMatches());
  // Says that React has taken over the page (its buttons and forms now answer): the end-to-end tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang={rootData?.lang ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {rootData?.noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
        {/* The General settings' favicon, from the media library or the default. */}
        <link rel="icon" href={rootData?.favicon ?? defaultSiteSettings.favicon} />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-gray-900 antialiased">
        {children}
        {staticPage ? (
          <script src={enhanceScript} defer />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <>
      <Outlet />
      <LazyToasts enabled={isStaffPath(pathname)} toast={loaderData.toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return <ErrorPage status={404} title="Page not found" message="The page you are looking for doesn't exist or has been moved." />;
    }
    if (error.status === 403) {
      return <ErrorPage status={403} title="Access denied" message="Your account does not have permission to view this page." />;
    }
    if (error.status < 500) {
      const message =
        typeof error.data === 'object' && error.data && 'message' in error.data ? String(error.data.message) : error.statusText;
      return <ErrorPage status={error.status} title="Request refused" message={message || 'The request could not be processed.'} />;
    }
  }
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <ErrorPage
      status={500}
      title="Unexpected Application Error!"
      message="Something went wrong on our side. Please try again."
      detail={stack}
    />
  );
}
