import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { adminOnlyFiles } from '#tests/support/client-manifest.ts';

/** Spec'd budget: at most 120 KB (122,880 bytes) of gzipped JavaScript on any public page. */
const JS_BUDGET_BYTES = 120 * 1024;
const PUBLIC_PAGES = ['/', '/blog', '/blog/getting-started-with-web-development', '/privacy-policy', '/blog/no-such-article'];

for (const path of PUBLIC_PAGES) {
  test(`${path} loads at most 120 KB of gzipped JavaScript and no admin code`, async ({ page }) => {
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1200);
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    test.info().annotations.push({ type: 'gzipped JS', description: `${(total / 1024).toFixed(1)} KB in ${scripts.size} files` });
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);

    const admin = adminOnlyFiles();
    expect(admin.size).toBeGreaterThan(0);
    expect([...scripts.keys()].filter((file) => admin.has(file))).toEqual([]);
    for (const file of scripts.keys()) {
      const text = await (await page.request.get(file)).text();
      expect(text, `${file} holds admin code`).not.toContain('Admin Panel');
    }
  });
}
