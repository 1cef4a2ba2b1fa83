import type { ReactNode } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import { ErrorPage } from '#app/components/ui/error-page.tsx';
import { FlashToast, Toasts } from '#app/components/ui/toasts.tsx';
import { useNonce } from '#app/lib/nonce.tsx';
import { takeToast } from '#app/services/toast.server.ts';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await takeToast(request);
  return data({ toast, lang: 'en' }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang={rootData?.lang ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-gray-900 antialiased">
        {children}
        <Toasts />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <FlashToast toast={loaderData.toast} />
      <Outlet />
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
      const message = typeof error.data === 'object' && error.data && 'message' in error.data ? String(error.data.message) : error.statusText;
      return <ErrorPage status={error.status} title="Request refused" message={message || 'The request could not be processed.'} />;
    }
  }
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage status={500} title="Unexpected Application Error!" message="Something went wrong on our side. Please try again." detail={stack} />;
}
