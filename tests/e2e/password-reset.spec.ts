import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { newColleague, searchUsers } from './support/users.ts';

const ANSWER = 'If an account uses this address, we have sent it a link to choose a new password.';

test('“Forgot password?” on the sign-in page answers the same for any address, at 1280 and 390 px', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await page.screenshot({ path: 'reports/screens/forgot-password-1280.png', fullPage: true });

  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();

  const answers: string[] = [];
  for (const email of ['admin@example.com', `nobody-${Date.now()}@example.com`]) {
    await page.goto('/login/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const status = page.getByRole('status');
    await expect(status).toContainText(ANSWER);
    answers.push(await page.locator('main').innerText());
  }
  expect(answers[0]).toBe(answers[1]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/forgot-password-sent-390.png', fullPage: true });
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the form works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login/forgot-password');
  await page.getByLabel('Email').fill('no-js@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(ANSWER);
  await context.close();
});

test('an administrator makes a reset link from the Users screen; the colleague sets a new password, is signed out elsewhere, and the link works once', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const colleague = await newColleague(page, browser, 'Resetter', 'Editor');

  await page.goto('/admin/users');
  await searchUsers(page, colleague.email);
  await page.getByRole('button', { name: `Reset Link: ${colleague.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset Link' }).click();
  await expect(page.getByText('Password reset link created')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Password reset link' });
  await expect(panel).toContainText('valid for 1 hour and usable once');
  const link = await panel.getByRole('textbox', { name: 'Password reset link' }).inputValue();
  expect(link).toMatch(/\/login\/reset-password\/[\w-]{43}$/);
  await page.screenshot({ path: 'reports/screens/users-reset-link-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/users-reset-link-390.png', fullPage: true });

  // The colleague is still signed in in their own browser; the reset happens in another one.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const resetPage = await other.newPage();
  await resetPage.goto(new URL(link).pathname);
  await expect(resetPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(resetPage.getByText(`For ${colleague.email}.`)).toBeVisible();
  await resetPage.screenshot({ path: 'reports/screens/reset-password-390.png', fullPage: true });
  await resetPage.getByLabel('New password').fill('password1234');
  await resetPage.getByLabel('Confirm password').fill('password1234');
  await resetPage.getByRole('button', { name: 'Set new password' }).click();
  await expect(resetPage.getByText('This password is too common. Choose another one.')).toBeVisible();
  const fresh = `${colleague.password}-renewed`;
  await resetPage.getByLabel('New password').fill(fresh);
  await resetPage.getByLabel('Confirm password').fill(fresh);
  await resetPage.getByRole('button', { name: 'Set new password' }).click();
  await expect(resetPage.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // Their other session has ended.
  await colleague.page.goto('/admin');
  await expect(colleague.page).toHaveURL(/\/login/);

  // The link works once.
  await resetPage.goto(new URL(link).pathname);
  await expect(resetPage.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  await resetPage.setViewportSize({ width: 1280, height: 800 });
  await resetPage.screenshot({ path: 'reports/screens/reset-link-not-valid-1280.png', fullPage: true });

  // The old password no longer signs in; the new one does.
  await resetPage.goto('/login');
  await resetPage.getByLabel('Email').fill(colleague.email);
  await resetPage.getByLabel('Password').fill(colleague.password);
  await resetPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(resetPage.getByText('Invalid email or password.')).toBeVisible();
  await signIn(resetPage, colleague.email, fresh);
  await other.close();
});
