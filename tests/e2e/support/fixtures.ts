import { expect, type Page, test as base } from '@playwright/test';

import { ACCOUNTS, ADMIN } from './accounts.ts';
import { signIn } from './auth.ts';
import { waitForHydrationAfterLoads } from './hydration.ts';

type Role = 'administrator' | Exclude<keyof typeof ACCOUNTS, 'lockout' | 'twoFactor' | 'tokens'>;

interface PageInput {
  content?: string;
  status?: 'draft' | 'published';
}

/** Content made through the server's own save action, so tests that are not about the editor never drive it. */
export interface Content {
  /** Creates a page as the signed-in user (a draft unless `status` says otherwise). */
  page(title: string, input?: PageInput): Promise<void>;
}

/**
 * `test.use({ signedInAs: 'editor' })` starts each test signed in with that role's account (through the real form);
 * `content` creates what a test needs through the server, as the signed-in user.
 */
export const test = base.extend<{ signedInAs: Role | null; content: Content }>({
  signedInAs: [null, { option: true }],
  // Pages of the other contexts a test opens (a second user, a visitor) wait for hydration too.
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        context.on('page', waitForHydrationAfterLoads);
        return context;
      };
      await provide(browser);
    },
    { scope: 'worker' },
  ],
  page: async ({ page, signedInAs }, provide) => {
    waitForHydrationAfterLoads(page);
    if (signedInAs) await signIn(page, signedInAs === 'administrator' ? ADMIN.email : ACCOUNTS[signedInAs].email);
    await provide(page);
  },
  content: async ({ page }, provide) => {
    await provide({ page: (title, input) => createPage(page, title, input) });
  },
});

export { expect };

async function createPage(page: Page, title: string, input: PageInput = {}) {
  const response = await page.request.post('/admin/pages/new', {
    form: {
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      content: input.content ?? `Content of ${title}`,
      status: input.status ?? 'draft',
      publishDate: '',
      metaDescription: '',
      metaKeywords: '',
      ogImage: '',
      version: '',
    },
  });
  // The action redirects to the list (whose toast the followed redirect consumes); a refused form stays on the editor.
  expect(response.ok(), `creating the page "${title}" answered ${response.status()}`).toBe(true);
  expect(new URL(response.url()).pathname).toBe('/admin/pages');
}
