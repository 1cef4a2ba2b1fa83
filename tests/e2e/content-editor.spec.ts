import type { Page } from '@playwright/test';

import { signIn } from './support/auth.ts';
import { contentSource, fillContent, uniqueTitle } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

// The rich editor of the Content field (docs/product.md, "The Content editor"; docs/decisions/025).

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

function editor(page: Page) {
  return page.getByRole('textbox', { name: 'Content', exact: true });
}

function tool(page: Page, name: string) {
  return page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });
}

/** Clicks a toolbar button and waits for the caret to be back in the editor, as a person would before typing on. */
async function apply(page: Page, name: string) {
  await tool(page, name).click();
  await expect(editor(page)).toBeFocused();
}

async function newPage(page: Page) {
  await page.goto('/admin/pages/new');
  await page.getByLabel('Page Title').fill(uniqueTitle('Rich page'));
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  await expect(editor(page)).toHaveAttribute('contenteditable', 'true');
  await editor(page).click();
}

test('every toolbar button writes its Markdown into the form', async ({ page }) => {
  await newPage(page);
  await apply(page, 'Heading 2');
  await page.keyboard.type('Big title');
  await page.keyboard.press('Enter');
  await apply(page, 'Heading 3');
  await page.keyboard.type('Smaller title');
  await page.keyboard.press('Enter');
  // Marks are applied to words selected with the keyboard.
  const press = async (key: string, times: number) => {
    for (let i = 0; i < times; i++) await page.keyboard.press(key);
  };
  await page.keyboard.type('bold and italic and x = 1');
  await page.keyboard.press('Home');
  await press('Shift+ArrowRight', 4);
  await apply(page, 'Bold');
  await press('ArrowRight', 6);
  await press('Shift+ArrowRight', 6);
  await apply(page, 'Italic');
  await press('ArrowRight', 6);
  await press('Shift+ArrowRight', 5);
  await apply(page, 'Code');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await apply(page, 'Bulleted list');
  await expect(tool(page, 'Bulleted list')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('one');
  await page.keyboard.press('Enter');
  await page.keyboard.type('two');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await apply(page, 'Numbered list');
  await page.keyboard.type('first');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await apply(page, 'Quote');
  await page.keyboard.type('Quoted words');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await apply(page, 'Code block');
  await page.keyboard.type('const a = 1;');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await apply(page, 'Horizontal rule');

  const markdown = contentSource(page);
  await expect(markdown).toHaveValue(/^## Big title\n\n### Smaller title\n\n\*\*bold\*\* and \*italic\* and `x = 1`\n\n/);
  await expect(markdown).toHaveValue(/\n- one\n- two\n/);
  await expect(markdown).toHaveValue(/\n1\. first\n/);
  await expect(markdown).toHaveValue(/\n> Quoted words\n/);
  await expect(markdown).toHaveValue(/\n```\nconst a = 1;\n```\n/);
  await expect(markdown).toHaveValue(/\n---/);
  // The change counts as one: Save Changes is enabled.
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
});

test('Markdown shortcuts format while typing', async ({ page }) => {
  await newPage(page);
  await page.keyboard.type('## Heading by shortcut');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- bullet');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1. numbered');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('> quoted');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Some **strong** and *leaning* text');
  await expect(editor(page).getByRole('heading', { level: 2, name: 'Heading by shortcut' })).toBeVisible();
  await expect(editor(page).locator('strong')).toHaveText('strong');
  await expect(contentSource(page)).toHaveValue(
    '## Heading by shortcut\n\n- bullet\n\n1. numbered\n\n> quoted\n\nSome **strong** and *leaning* text',
  );
});

test('text pasted from Word or Google Docs becomes the same clean Markdown', async ({ page }) => {
  await newPage(page);
  const paste = (html: string) =>
    editor(page).evaluate((element, pasted) => {
      const data = new DataTransfer();
      data.setData('text/html', pasted);
      data.setData('text/plain', 'plain');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, html);
  await paste(
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234"><h2 dir="ltr" style="line-height:1.38"><span style="font-size:16pt;font-weight:400">From Docs</span></h2>' +
      '<p dir="ltr"><span style="font-weight:700;">Strong</span><span style="font-weight:400"> and </span><span style="font-style:italic;font-weight:400">slanted</span></p></b>',
  );
  await expect(contentSource(page)).toHaveValue('## From Docs\n\n**Strong** and *slanted*');

  await page.keyboard.press('Control+a');
  await paste(
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body><!--StartFragment-->' +
      '<p class=MsoNormal><b>Word title</b><o:p></o:p></p>' +
      "<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>1.<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp; </span></span>First<o:p></o:p></p>" +
      "<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>2.<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp; </span></span>Second<o:p></o:p></p>" +
      '<!--EndFragment--></body></html>',
  );
  await expect(contentSource(page)).toHaveValue('**Word title**\n\n1. First\n2. Second');
});

test('the image button opens the media library and asks for alt text, warning while it is empty', async ({ page }) => {
  await newPage(page);
  await tool(page, 'Image').click();
  await page.getByRole('dialog', { name: 'Choose Image' }).getByRole('button', { name: 'Choose Team photo' }).click();
  const altDialog = page.getByRole('dialog', { name: 'Image Alt Text' });
  await expect(altDialog.getByLabel('Alt text')).toHaveValue('');
  const warning = altDialog.getByText('Without alt text, people who cannot see the image will not know what it shows.');
  await expect(warning).toBeVisible();
  await altDialog.getByLabel('Alt text').fill('Our team at work');
  await expect(warning).toBeHidden();
  await altDialog.getByRole('button', { name: 'Insert Image' }).click();
  await expect(editor(page).getByRole('img', { name: 'Our team at work' })).toBeVisible();
  await expect(contentSource(page)).toHaveValue('![Our team at work](/media/seed/team-photo.jpg)');
});

test('the link dialog finds published pages and posts, and links the selection', async ({ page }) => {
  await newPage(page);
  await page.keyboard.type('Read our policy');
  await page.keyboard.press('Shift+Home');
  await tool(page, 'Link').click();
  const dialog = page.getByRole('dialog', { name: 'Insert Link' });
  await dialog.getByLabel('URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Enter an address starting with /, https://, mailto: or tel:')).toBeVisible();
  await dialog.getByLabel('Search pages and posts').fill('privacy');
  await dialog.getByRole('button', { name: /Privacy Policy/ }).click();
  await expect(dialog.getByLabel('URL')).toHaveValue('/privacy-policy');
  await dialog.getByLabel('Search pages and posts').fill('getting started');
  await expect(dialog.getByRole('button', { name: /Getting Started with Web Development/ })).toContainText(
    'Post · /blog/getting-started-with-web-development',
  );
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(contentSource(page)).toHaveValue('[Read our policy](/privacy-policy)');
  await expect(tool(page, 'Link')).toHaveAttribute('aria-pressed', 'true');
  await tool(page, 'Link').click();
  await page.getByRole('dialog', { name: 'Edit Link' }).getByRole('button', { name: 'Remove Link' }).click();
  await expect(contentSource(page)).toHaveValue('Read our policy');
});

test('a video embed is stored as its address and shown as the player on the public page', async ({ page }) => {
  await newPage(page);
  await tool(page, 'Embed video').click();
  const dialog = page.getByRole('dialog', { name: 'Embed Video' });
  await dialog.getByLabel('Video URL').fill('https://example.com/video');
  await dialog.getByRole('button', { name: 'Insert Embed' }).click();
  await expect(dialog.getByText('Enter a YouTube or Vimeo video address.')).toBeVisible();
  await dialog.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await dialog.getByRole('button', { name: 'Insert Embed' }).click();
  await expect(editor(page).getByText('Embedded video: https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeVisible();
  await expect(contentSource(page)).toHaveValue('https://www.youtube.com/watch?v=dQw4w9WgXcQ');

  await page.getByLabel('Status').selectOption('published');
  const slug = await page.getByLabel('URL Slug').inputValue();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await page.goto(`/${slug}`);
  await expect(page.locator('.site-embed iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
});

test('the Markdown view shows the source, and edits made there come back into the rich view', async ({ page }) => {
  await newPage(page);
  await page.keyboard.type('Typed in the rich view');
  await fillContent(page, '## Written as Markdown\n\nWith a [link](/about).');
  await expect(editor(page).getByRole('heading', { level: 2, name: 'Written as Markdown' })).toBeVisible();
  await expect(editor(page).getByRole('link', { name: 'link' })).toHaveAttribute('href', '/about');
  await tool(page, 'Markdown').click();
  await expect(page.getByRole('textbox', { name: 'Markdown source' })).toHaveValue('## Written as Markdown\n\nWith a [link](/about).');
  await expect(tool(page, 'Bold')).toBeDisabled();
});

test('the editor is loaded only on editor screens, never on the public site', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (/rich-editor/.test(request.url())) loaded.push(new URL(request.url()).pathname);
  });
  await page.goto('/blog/getting-started-with-web-development');
  await page.goto('/about');
  await page.goto('/admin/pages');
  expect(loaded).toEqual([]);
  await page.goto('/admin/pages/new');
  await expect(editor(page)).toBeVisible();
  expect(loaded.length).toBeGreaterThan(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Content field is the plain Markdown textarea labelled Content', async ({ page }) => {
    await page.goto('/admin/blog/new');
    await expect(page.getByLabel('Content', { exact: true })).toHaveJSProperty('tagName', 'TEXTAREA');
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);
    await expect(page.getByText('Markdown: ## headings, - lists, **bold**, [links](/path).')).toBeVisible();
  });
});
