import type { Page } from '@playwright/test';

/**
 * `page.goto` and `page.reload` return once the document has loaded; an admin screen's buttons answer only
 * once React has hydrated it a moment later (app/root.tsx marks <html data-hydrated>). A test that clicked in
 * between clicked a button with no handler yet, which a loaded machine made happen. These two wait for it, unless
 * the test asked for less than the load event (`waitUntil: 'commit'`) to act before the script runs.
 */
export function waitForHydrationAfterLoads(page: Page) {
  for (const method of ['goto', 'reload'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null);
      if (options?.waitUntil !== 'commit') await waitForHydration(page);
      return response;
    };
  }
}

/** Resolves at once on pages React does not hydrate (the public site), else when app/root.tsx has marked the page (and a rich editor is in place). */
export async function waitForHydration(page: Page): Promise<void> {
  // An editor's Content field is ready once its rich editor (a chunk loaded after hydration) stands in for the
  // textarea; acting in between could land on the textarea as it is being hidden.
  await page.waitForFunction(
    () =>
      !('__reactRouterContext' in window) ||
      (document.documentElement.hasAttribute('data-hydrated') && !document.querySelector('[data-rich-editor="loading"]')),
  );
}
