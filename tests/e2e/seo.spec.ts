import { expect, test } from './support/fixtures.ts';
import { bypassHtmlCache, createPage, createPost, unique } from './support/site-data.ts';

test('the landing page has title, description, keywords, Open Graph, Twitter, canonical, hreflang and Organization JSON-LD', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Atelier · Digital products, crafted with care');
  const head = page.locator('head');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /web and mobile development studio/);
  await expect(head.locator('meta[name="keywords"]')).toHaveAttribute('content', /Custom Web Development/);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
  await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${baseURL}/`);
  await expect(head.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute('href', `${baseURL}/fr`);
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/media/seed/app-screenshot.png`);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Atelier · Digital products, crafted with care');
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'Organization', name: 'Atelier', url: `${baseURL}/`, foundingDate: '2014' });
});

test('an article has BlogPosting JSON-LD and its featured image as og:image', async ({ page, baseURL }) => {
  await page.goto('/blog/getting-started-with-web-development');
  await expect(page).toHaveTitle("Getting Started with Web Development: A Beginner's Guide | Atelier");
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/media/seed/hero-photo.jpg`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/blog/getting-started-with-web-development`);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({
    '@type': 'BlogPosting',
    headline: 'Getting Started with Web Development',
    author: { name: 'Atelier Team' },
  });
});

test('a French page points its canonical at the French URL', async ({ page, baseURL }) => {
  await page.goto('/about?lng=fr');
  // ?lng= moves to the French URL, then to the French translation's own slug.
  await expect(page).toHaveURL(`${baseURL}/fr/a-propos`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/fr/a-propos`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
});

test('sitemap.xml and rss.xml list published items only; robots.txt points at the sitemap', async ({ request, context, baseURL }) => {
  await bypassHtmlCache(context);
  const published = createPost({ title: unique('Feed published') });
  const draft = createPost({ title: unique('Feed draft'), status: 'draft' });
  const livePage = createPage({ title: unique('Sitemap page'), content: 'Hello' });
  const draftPage = createPage({ title: unique('Sitemap draft'), content: 'Hello', status: 'draft' });
  const headers = { Cookie: 'atelier_session=not-a-session' };

  const sitemap = await request.get('/sitemap.xml', { headers });
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  // The index, then every file it lists.
  let xml = '';
  for (const match of (await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const file = await request.get(match[1]!.replace(baseURL!, ''), { headers });
    expect(file.headers()['content-type']).toContain('application/xml');
    xml += await file.text();
  }
  expect(xml).toContain(`<loc>${baseURL}/blog/${published.slug}</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/${livePage.slug}</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/privacy-policy</loc>`);
  expect(xml).not.toContain(draft.slug);
  expect(xml).not.toContain(draftPage.slug);

  const rss = await request.get('/rss.xml', { headers });
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  const feed = await rss.text();
  expect(feed).toContain(`<link>${baseURL}/blog/${published.slug}</link>`);
  expect(feed).toContain('<title>Getting Started with Web Development</title>');
  expect(feed).not.toContain(draft.slug);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
