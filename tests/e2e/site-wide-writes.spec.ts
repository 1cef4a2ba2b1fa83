import { type Browser, type Page } from '@playwright/test';

import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { unique } from './support/site-data.ts';

// These tests change the landing copy and contact details every public page shows: they run one after
// another, in a project that starts after all other tests (playwright.config.ts).
test.describe.configure({ mode: 'serial' });

/** The public landing page as a new anonymous visitor sees it in `lng`. */
async function visit(browser: Browser, lng: 'en' | 'fr') {
  const page = await browser.newPage();
  await page.goto(`/?lng=${lng}`);
  return page;
}

test('the English hero title saved on the Content screen shows at once on the public landing page', async ({ page, browser }) => {
  const title = unique('Crafted digital products');
  await signIn(page);
  await page.goto('/admin/content');
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  // Fields of the other tabs are saved with it.
  await page.getByRole('tab', { name: 'About Section' }).click();
  await page.getByLabel('Stat 4 value').fill('30+');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Content updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\?lang=en&tab=about$/);
  await expect(page.getByLabel('Stat 4 value')).toHaveValue('30+');

  const visitor = await visit(browser, 'en');
  await expect(visitor.locator('#home h1')).toHaveText(title);
  await expect(visitor.locator('#about')).toContainText('30+');
  await visitor.close();
});

test('French copy is edited on its own and leaves the English copy untouched; the hero image comes from the picker', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/admin/content');
  const englishTitle = await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue();

  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/lang=fr/);
  const titleField = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(titleField).not.toHaveValue(englishTitle);
  const frenchTitle = unique('Produits numériques');
  await titleField.fill(frenchTitle);

  await page.getByRole('button', { name: 'Choose Image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose Image' });
  await picker.getByRole('button', { name: 'Choose Team photo' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Hero Image URL' })).toHaveValue('/media/seed/team-photo.jpg');
  await expect(page.getByRole('img', { name: 'Hero image preview' })).toBeVisible();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Content updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\?lang=fr$/);
  await expect(titleField).toHaveValue(frenchTitle);

  const french = await visit(browser, 'fr');
  await expect(french.locator('#home h1')).toHaveText(frenchTitle);
  await expect(french.locator('#home img')).toHaveAttribute('src', /team-photo/);
  await french.close();
  const english = await visit(browser, 'en');
  await expect(english.locator('#home h1')).toHaveText(englishTitle);
  await expect(english.locator('#home img')).toHaveAttribute('src', /app-screenshot/);
  await english.close();

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(englishTitle);
});

test('contact settings saved on the Contact screen show in the public footer and contact panel', async ({ page, browser }) => {
  const phone = `+44 20 7946 ${String(Date.now()).slice(-4)}`;
  const twitter = `https://twitter.com/${unique('atelier').replace(/\W+/g, '')}`;
  await signIn(page);
  await page.goto('/admin/contact');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Twitter URL')).toHaveAttribute('type', 'url');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Twitter URL').fill(twitter);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Contact settings saved successfully!')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue(phone);

  const visitor = await visit(browser, 'en');
  await expect(visitor.locator('#contact')).toContainText(phone);
  await expect(visitor.locator('footer [data-social="twitter"]')).toHaveAttribute('href', twitter);
  await visitor.close();
});

test('a page writer without Publish Pages saves a draft visitors do not see; a publisher publishes it', async ({ page, browser }) => {
  const title = unique('Drafted hero');
  await signIn(page, ACCOUNTS.pageWriter.email);
  await page.goto('/admin/content');
  // No Save Changes (it publishes); Save draft instead, and a word on what happens next.
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(page.getByText('Your changes are saved as a draft.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved: visitors see it once someone who may publish publishes it.')).toBeVisible();
  const banner = page.getByTestId('landing-draft');
  await expect(banner).toContainText('Draft');
  await expect(banner).toContainText('Saved by PageWriter');
  await expect(banner.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `reports/screens/content-draft-writer-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // A forged publish is refused on the server, whatever the screen shows.
  const { version } = await page.evaluate(() => ({
    version: (document.querySelector('input[name="version"]') as HTMLInputElement).value,
  }));
  const forged = await page.request.post('/admin/content', {
    form: { lang: 'en', intent: 'publish', version },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(forged.status()).toBe(403);

  const visitor = await visit(browser, 'en');
  await expect(visitor.locator('#home h1')).not.toHaveText(title);
  await visitor.close();

  const publisherContext = await browser.newContext();
  const publisher = await publisherContext.newPage();
  await signIn(publisher);
  await publisher.goto('/admin/content');
  const draft = publisher.getByTestId('landing-draft');
  await expect(draft).toContainText('Not published yet');
  await expect(publisher.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  for (const width of [1280, 390]) {
    await publisher.setViewportSize({ width, height: 900 });
    await publisher.screenshot({ path: `reports/screens/content-draft-publisher-${width}.png`, fullPage: true });
  }
  await publisher.setViewportSize({ width: 1280, height: 800 });
  await draft.getByRole('button', { name: 'Publish' }).click();
  await expect(publisher.getByText('Draft published: visitors now see it.')).toBeVisible();
  await expect(publisher.getByTestId('landing-draft')).toHaveCount(0);
  await publisherContext.close();

  const after = await visit(browser, 'en');
  await expect(after.locator('#home h1')).toHaveText(title);
  await after.close();
});

/** Save Changes on the Content screen, done when the form holds the next version (an earlier toast may still show). */
async function saveLanding(page: Page) {
  const version = page.locator('#landing-content-form input[name="version"]');
  const before = Number(await version.inputValue());
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(version).toHaveValue(String(before + 1));
  await expect(page.getByRole('status').filter({ hasText: 'Content updated successfully!' }).last()).toBeVisible();
}

test('every landing text is the Content screen’s, per language: the hero badge, its line, the highlighted word, the second link, the founded line, values title and contact headings', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/admin/content');
  // Left empty, the language's own text shows, and the field says which.
  const badge = page.getByRole('textbox', { name: 'Badge', exact: true });
  await expect(badge).toHaveAttribute('placeholder', "What's new");
  await expect(page.getByText("Left empty, visitors read “What's new”.")).toBeVisible();
  await badge.fill('Fresh');
  await page.getByRole('textbox', { name: 'Badge text' }).fill('Our spring launches are live');
  await page.getByRole('textbox', { name: 'Second link text' }).fill('See our services');
  const highlighted = page.getByRole('textbox', { name: 'Highlighted word' });
  await expect(highlighted).toHaveAttribute('placeholder', 'digital');
  // The hero title as it stands (an earlier test may have changed it): its last word becomes the highlighted one.
  const englishTitle = await page.locator('[name="hero.title"]').inputValue();
  const word = englishTitle.trim().split(/\s+/).at(-1)!;
  /** The default highlighted word shows where the title has it. */
  const highlightsDefault = async (visit: Page, title: string, defaultWord: string) => {
    const highlight = visit.locator('#home [data-highlight]');
    if (title.split(/\s+/).includes(defaultWord)) await expect(highlight).toHaveText(defaultWord);
    else await expect(highlight).toHaveCount(0);
  };
  await highlighted.fill(word);
  await page.getByRole('tab', { name: 'About Section' }).click();
  await page.getByRole('textbox', { name: 'Founded line' }).fill('Since 2014 in Paris');
  await page.getByRole('textbox', { name: 'Values title' }).fill('What we believe');
  await page.getByRole('tab', { name: 'Contact Section' }).click();
  const contactTitle = page.getByRole('textbox', { name: 'Title', exact: true }).and(page.locator('[name="contact.title"]'));
  await expect(contactTitle).toHaveAttribute('placeholder', 'Get in touch');
  await contactTitle.fill('Talk to us');
  await page.getByRole('textbox', { name: 'Form title' }).fill('Write to us');
  await saveLanding(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Hero Section' }).click();
  await page.screenshot({ path: 'reports/screens/landing-badge-editor-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/lang=fr/);
  await expect(badge).toHaveAttribute('placeholder', 'Nouveautés');
  const frenchTitle = await page.locator('[name="hero.title"]').inputValue();
  await badge.fill('Nouveau');
  await page.getByRole('tab', { name: 'Contact Section' }).click();
  await expect(contactTitle).toHaveAttribute('placeholder', 'Contactez-nous');
  await contactTitle.fill('Parlons de votre projet');
  await saveLanding(page);

  const english = await visit(browser, 'en');
  const hero = english.locator('#home');
  await expect(hero.locator('a[href="#contact"]').first()).toContainText('Fresh');
  await expect(hero.locator('a[href="#contact"]').first()).toContainText('Our spring launches are live');
  await expect(hero.getByRole('link', { name: 'See our services' })).toBeVisible();
  await expect(english.locator('#about')).toContainText('Since 2014 in Paris');
  await expect(english.locator('#about h3').first()).toHaveText('What we believe');
  await expect(hero.locator('[data-highlight]')).toHaveText(word);
  await expect(english.locator('#contact h2')).toHaveText('Talk to us');
  await expect(english.locator('#contact h3')).toHaveText('Write to us');
  await english.setViewportSize({ width: 390, height: 844 });
  await english.screenshot({ path: 'reports/screens/landing-badge-390.png' });
  await english.setViewportSize({ width: 1280, height: 800 });
  await english.screenshot({ path: 'reports/screens/landing-badge-1280.png' });
  await english.close();
  const french = await visit(browser, 'fr');
  await expect(french.locator('#home a[href="#contact"]').first()).toContainText('Nouveau');
  // Fields left empty in French keep the French defaults.
  await expect(french.locator('#home')).toContainText('En savoir plus');
  await expect(french.locator('#about h3').first()).toHaveText('Nos valeurs');
  await expect(french.locator('#contact h2')).toHaveText('Parlons de votre projet');
  await highlightsDefault(french, frenchTitle, 'numériques');
  await french.close();

  // Emptied again, the defaults come back.
  await page.getByRole('tab', { name: 'Hero Section' }).click();
  await badge.fill('');
  await page.getByRole('tab', { name: 'Contact Section' }).click();
  await contactTitle.fill('');
  await saveLanding(page);
  await page.getByRole('link', { name: 'English' }).click();
  await page.getByRole('tab', { name: 'Hero Section' }).click();
  await badge.fill('');
  await page.getByRole('textbox', { name: 'Badge text' }).fill('');
  await page.getByRole('textbox', { name: 'Second link text' }).fill('');
  await page.getByRole('tab', { name: 'About Section' }).click();
  await page.getByRole('textbox', { name: 'Founded line' }).fill('');
  await page.getByRole('textbox', { name: 'Values title' }).fill('');
  await page.getByRole('tab', { name: 'Hero Section' }).click();
  await highlighted.fill('');
  await page.getByRole('tab', { name: 'Contact Section' }).click();
  await contactTitle.fill('');
  await page.getByRole('textbox', { name: 'Form title' }).fill('');
  await saveLanding(page);
  const restored = await visit(browser, 'en');
  await expect(restored.locator('#home a[href="#contact"]').first()).toContainText("What's new");
  await expect(restored.locator('#about h3').first()).toHaveText('Our values');
  await highlightsDefault(restored, englishTitle, 'digital');
  await expect(restored.locator('#contact h2')).toHaveText('Get in touch');
  await expect(restored.locator('#contact h3')).toHaveText('Send us a message');
  await restored.close();
});
