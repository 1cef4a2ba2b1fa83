import { expect, test } from './support/fixtures.ts';

test.describe('public layout shell', () => {
  test('the top bar is 4rem tall with the logo, five links, the language switcher and a footer', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header').first();
    expect((await header.boundingBox())?.height).toBe(64);
    await expect(header.getByRole('img', { name: 'Atelier' })).toHaveAttribute('src', '/media/seed/company-logo.svg');
    const nav = header.getByRole('navigation', { name: 'Main navigation' });
    const links = nav.getByRole('link');
    await expect(links).toHaveText(['Home', 'About', 'Services', 'Blog', 'Contact']);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      '#home',
      '#about',
      '#services',
      '/blog',
      '#contact',
    ]);
    await expect(page.getByTestId('language-switcher')).toContainText('EN');
    // It shows the current code in capitals, and nothing else; its name says what it does.
    await expect(page.getByRole('button', { name: 'EN: Switch language to French', exact: true })).toHaveText('EN');

    const footer = page.locator('footer');
    await expect(footer.locator('[data-social="twitter"]')).toHaveAttribute('href', 'https://twitter.com/atelieragency');
    await expect(footer.locator('[data-social="linkedin"]')).toHaveAttribute('href', 'https://www.linkedin.com/company/atelier-agency');
    await expect(footer.locator('[data-social="instagram"]')).toHaveAttribute('href', 'https://www.instagram.com/atelier.agency');
    await expect(footer.getByRole('navigation', { name: 'Links' }).getByRole('link')).toHaveText([
      'Home',
      'About',
      'Services',
      'Blog',
      'Contact',
    ]);
    await expect(footer.getByRole('navigation', { name: 'Legal' }).getByRole('link')).toHaveText([
      'Privacy Policy',
      'Terms of Service',
      'Cookie Policy',
    ]);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Atelier`);
  });

  test('from another page the section links go to /#section', async ({ page }) => {
    await page.goto('/blog');
    const nav = page.locator('header').getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#about');
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('an anchor link scrolls smoothly to its section', async ({ page }) => {
    await page.goto('/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    await page.locator('header').getByRole('link', { name: 'Services' }).click();
    await expect(page.locator('#services')).toBeInViewport();
    await expect(page).toHaveURL(/#services$/);
  });

  test('the sections under the first screen are laid out after the first frame, and then like any other', async ({ page }) => {
    const contentVisibility = (selector: string) =>
      page.locator(selector).evaluate((element) => getComputedStyle(element).contentVisibility);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-painted', '');
    for (const section of ['services', 'about', 'contact', 'footer']) {
      expect(await contentVisibility(`[data-section="${section}"]`)).toBe('visible');
    }
  });

  test('a hash in the URL on load scrolls to its section', async ({ page }) => {
    await page.goto('/#about');
    await expect(page.locator('#about')).toBeInViewport();
    await expect(page.locator('#home h1')).not.toBeInViewport();
  });

  test('a malformed hash such as /#% leaves the home page working', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const target of ['/#%', '/#%E0%A4%A']) {
      await page.goto(target);
      await expect(page.locator('#home h1')).toBeVisible();
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
      await expect(page.locator('#contact')).toBeAttached();
    }
    expect(errors).toEqual([]);
  });

  test('the theme colours and fonts are CSS variables in the server HTML, and fonts and images are our own', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<style[^>]*>:root\{[^<]*--theme-primary-color:#3B82F6;[^<]*--theme-headings-font:'Poppins'/);
    const remote: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://127.0.0.1')) remote.push(r.url());
    });
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toContain('Poppins');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Inter');
    expect(remote).toEqual([]);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens and closes with its button and closes when an anchor is chosen', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await expect(page.locator('header').getByRole('link', { name: 'About' })).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('#contact')).toBeInViewport();
  });
});

test.describe('languages', () => {
  test('the switcher changes the language, shows the code in capitals and survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('language-switcher').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('language-switcher')).toContainText('FR');
    await expect(page.locator('header').getByRole('link', { name: 'Accueil' })).toBeVisible();
    await expect(page.locator('#services h2')).toHaveText('Nos services');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('#services h2')).toHaveText('Nos services');
    await page.getByTestId('language-switcher').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#services h2')).toHaveText('Our Services');
  });

  test('the switcher works without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/blog');
    await page.getByTestId('language-switcher').click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Derniers articles');
    await context.close();
  });

  test('/ sends a visitor to their language by ?lng=, then the cookie, then Accept-Language, so the first HTML is translated', async ({
    browser,
    baseURL,
  }) => {
    const french = await browser.newContext({ locale: 'fr-FR', baseURL });
    const page = await french.newPage();
    const response = await page.goto('/');
    await expect(page).toHaveURL(`${baseURL}/fr`);
    expect(await response!.text()).toContain('<html lang="fr"');
    await expect(page.locator('#services h2')).toHaveText('Nos services');
    await page.goto('/?lng=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // ?lng= is remembered in the cookie, which now wins over Accept-Language.
    await page.goto('/blog');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await french.close();
  });
});

test('the brand font shows on a first visit even when its file comes late', async ({ page }) => {
  // A slow first visit: the heading font arrives well after the first paint.
  await page.route(/poppins-700[\w-]*\.woff2$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    (window as unknown as { shifted: number }).shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        (window as unknown as { shifted: number }).shifted += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await page.evaluate(() => document.fonts.ready);
  // The swap moves the text by little: its fallback has the font's measures (Lighthouse counts under 0.1 as good).
  const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
  expect(shifted).toBeLessThan(0.1);
  // What Chromium really draws the title's words with (not merely what the stylesheet asks for).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#home h1 > span > span' });
  await expect
    .poll(async () => (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts.map((font) => font.familyName))
    .toContain('Poppins');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hero badge keeps its label on one line inside the screen, and H1 stays larger than H2 on pages', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    const badge = page.locator('#home a[href="#contact"]').first();
    const label = badge.locator('span').first();
    // The badge is one line (the pill's height plus its padding), fits the screen, and the default line is not cut.
    const labelBox = (await label.boundingBox())!;
    expect(labelBox.height).toBeLessThan(30);
    const badgeBox = (await badge.boundingBox())!;
    expect(badgeBox.height).toBeLessThan(labelBox.height + 16);
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(390);
    const line = badge.locator('span').nth(1);
    await expect(line).toHaveText('Just shipped: our 2025 case studies');
    expect(await line.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'reports/screens/hero-badge-390.png' });

    const size = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    for (const path of ['/about', '/services']) {
      await page.goto(path);
      const h1 = await size('main h1');
      const h2 = await size('main .site-prose h2');
      expect(h1, path).toBeGreaterThanOrEqual(h2 * 1.15);
    }
  });
});
