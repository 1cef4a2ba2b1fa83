import AxeBuilder from '@axe-core/playwright';

import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

const SCREENS = ['/admin', '/admin/pages', '/admin/pages/trash', '/admin/pages/new', '/admin/blog', '/admin/blog/trash', '/admin/blog/new'];

test('the content screens have no axe violations', async ({ page }) => {
  await signIn(page);
  for (const path of SCREENS) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${path}: ${violation.id} (${violation.nodes.length})`)).toEqual([]);
  }
});
