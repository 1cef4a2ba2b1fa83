import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('public HTML cache', () => {
  test('anonymous pages are cached with an ETag, revalidate with 304 and allow shared caches', async ({ request }) => {
    const first = await request.get('/blog/getting-started-with-web-development');
    const second = await request.get('/blog/getting-started-with-web-development');
    expect(second.headers()['x-cache']).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    const etag = second.headers()['etag'];
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Shared caches, which no write purges, call a page fresh for one second (the bound on seeing an edit through
    // them), and may serve it for the Cache TTL of Settings → Advanced (one hour unless changed) when Atelier fails.
    expect(second.headers()['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=3600');
    expect(second.headers()['vary']).toBe('Accept-Encoding, Accept-Language, Cookie');
    const revalidated = await request.get('/blog/getting-started-with-web-development', { headers: { 'If-None-Match': etag! } });
    expect(revalidated.status()).toBe(304);
  });

  test('cached pages carry no nonce and no inline script: their CSP allows only our own script files, and they run', async ({
    page,
    request,
  }) => {
    const response = await request.get('/');
    const csp = response.headers()['content-security-policy']!;
    expect(csp).not.toContain('nonce-');
    // Public pages are not hydrated: nothing inline to allow by hash, no 'unsafe-inline'.
    expect(csp).toContain("script-src 'self';");
    expect(await response.text()).not.toContain('nonce=');
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Send message' }).click();
    // The browser-side validation only appears if the page's script ran under that CSP.
    await expect(page.getByText('First name is required')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('each language is cached separately', async ({ request }) => {
    const english = await request.get('/', { headers: { 'Accept-Language': 'en' } });
    const french = await request.get('/', { headers: { 'Accept-Language': 'fr' } });
    expect(await english.text()).toContain('<html lang="en"');
    expect(await french.text()).toContain('<html lang="fr"');
  });

  test('signed-in visitors and responses that set a cookie are never served from or stored in the cache', async ({ page, request }) => {
    await signIn(page);
    const response = await page.goto('/');
    expect(response?.headers()['x-cache']).toBeUndefined();
    expect(response?.headers()['content-security-policy']).toMatch(/'nonce-/);
    const withLanguage = await request.get('/blog?lng=fr', { maxRedirects: 0 });
    expect(withLanguage.status()).toBe(301);
    expect(withLanguage.headers()['set-cookie']).toContain('lng=fr');
    expect(withLanguage.headers()['x-cache']).toBeUndefined();
    expect(withLanguage.headers()['cache-control'] ?? '').not.toContain('public');
  });

  test('cached pages are sent pre-compressed', async ({ request }) => {
    await request.get('/blog');
    const br = await request.get('/blog', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers()['x-cache']).toBe('HIT');
  });
});
