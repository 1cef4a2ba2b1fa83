import { gzipSync } from 'node:zlib';

import { adminOnlyFiles } from '#tests/support/client-manifest.ts';

import { expect, test } from './support/fixtures.ts';

/**
 * Public pages are server-rendered and not hydrated (app/lib/static-pages.ts): at most 15 KB
 * (15,360 bytes) of gzipped JavaScript, and neither React nor the router nor admin code.
 */
const JS_BUDGET_BYTES = 15 * 1024;
const PUBLIC_PAGES = ['/', '/blog', '/blog/getting-started-with-web-development', '/privacy-policy', '/blog/no-such-article'];

for (const path of PUBLIC_PAGES) {
  test(`${path} loads at most 15 KB of gzipped JavaScript, no framework and no admin code`, async ({ page }) => {
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
      expect(text, `${file} holds React`).not.toContain('react.transitional.element');
    }
    // Nothing of React Router's hydration: no inline scripts, no serialised loader data.
    const html = await (await page.request.get(path)).text();
    expect(html).not.toContain('__reactRouterContext');
    expect(html.match(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>/g) ?? []).toEqual([]);
  });
}
