/**
 * How a route module declares itself public delivery, with React Router's `handle` export:
 * `export const handle = publicPage` for a public page (the same HTML for every anonymous visitor in
 * one language: rendered the short way and kept in the page store, server/public/), or
 * `export const handle = publicFeed` for a resource whose anonymous answer is the same for everyone
 * (kept in the page store, rendered by React Router). Any other route is rendered per request.
 */
export interface PublicRouteHandle {
  publicDelivery: 'page' | 'feed';
}

export const publicPage: PublicRouteHandle = { publicDelivery: 'page' };
export const publicFeed: PublicRouteHandle = { publicDelivery: 'feed' };

/** What a route module's `handle` declares: 'page', 'feed', or null for a route rendered per request. */
export function publicDeliveryOf(handle: unknown): PublicRouteHandle['publicDelivery'] | null {
  const declared = (handle as Partial<PublicRouteHandle> | null | undefined)?.publicDelivery;
  return declared === 'page' || declared === 'feed' ? declared : null;
}
