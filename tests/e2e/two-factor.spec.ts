import { type Page } from '@playwright/test';
import { generate } from 'otplib';

import { ACCOUNTS, TEST_PASSWORD } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { enrolTwoFactor, newColleague } from './support/users.ts';

const ACCOUNT = ACCOUNTS.twoFactor;

/** A code for the next 30-second step: always newer than the one just used, and within the server's tolerance. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNT.email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\/two-factor\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor verification' })).toBeVisible();
  // The site's logo and name, as on the sign-in page.
  const brand = page.getByRole('main').locator('p').filter({ hasText: 'Atelier' }).first();
  await expect(brand).toHaveText('Atelier');
  await expect(brand.locator('img')).toHaveAttribute('src', '/media/seed/company-logo.svg');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

// One account goes through enrolment and then signs in with its codes: the steps depend on each other.
test.describe.configure({ mode: 'serial' });

test('enrol after the password with the shown secret, then sign in with a code and with a recovery code (once)', async ({ page }) => {
  await signIn(page, ACCOUNT.email);
  // Every staff member reaches their own set-up (the Settings tab's Enable 2FA link needs manage_settings).
  await page.goto('/admin/account/two-factor');
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Sign-In' })).toBeVisible();
  // No secret before the password.
  await expect(page.getByText('Enter your password to get a new secret for your authenticator app.')).toBeVisible();
  await expect(page.getByTestId('two-factor-secret')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/two-factor-start-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'reports/screens/two-factor-start-1280.png', fullPage: true });
  await page.getByLabel('Current Password').fill('not my password');
  await page.getByRole('button', { name: 'Start set-up' }).click();
  await expect(page.getByText('Your current password is not correct')).toBeVisible();
  await page.getByLabel('Current Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Start set-up' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
    'src',
    /^data:image\/svg\+xml;base64,/,
  );
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/two-factor-setup-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'reports/screens/two-factor-setup-1280.png', fullPage: true });

  await expect(page.getByText('This key works for 15 minutes; each new set-up gets a new one.', { exact: false })).toBeVisible();
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('That code is not right.')).toBeVisible();
  // The set-up being confirmed stays on screen: the QR code already scanned is still the one.
  await expect(page.getByTestId('two-factor-secret')).toHaveText(secret);
  await page.getByLabel('Verification code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await page.screenshot({ path: 'reports/screens/two-factor-recovery-1280.png', fullPage: true });
  await page.getByRole('link', { name: 'I have saved my codes' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();
  // Shown once: the page no longer lists them.
  await expect(page.getByText(codes[0]!)).toHaveCount(0);
  await signOut(page);

  // The password alone no longer signs in: a code is asked for.
  await passwordStep(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  await passwordStep(page);
  await page.getByLabel('Authentication code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please try again.');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/two-factor-sign-in-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Authentication code').fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await signOut(page);

  await passwordStep(page);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/account/two-factor');
  await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible();
  await signOut(page);

  await passwordStep(page);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please try again.');
  await expect(page).toHaveURL(/\/login\/two-factor/);
});

test('the audit log shows the enrolment, the refused codes and the recovery code', async ({ page }) => {
  await signIn(page);
  const expected = {
    'two_factor.enabled': 'Two-factor enabled',
    'auth.two_factor_failed': 'Two-factor code refused',
    'auth.recovery_code_used': 'Recovery code used',
  };
  for (const [action, label] of Object.entries(expected)) {
    await page.goto(`/admin/settings/audit?action=${action}`);
    const row = page.getByRole('row').filter({ hasText: 'TwoFactor' }).first();
    await expect(row.getByRole('cell', { name: label })).toBeVisible();
  }
});

test('an administrator resets the user’s two-factor sign-in; the password alone then signs in', async ({ browser }) => {
  const admin = await browser.newPage();
  await signIn(admin);
  await admin.goto(`/admin/users?q=${encodeURIComponent(ACCOUNT.email)}`);
  await admin.getByRole('link', { name: 'Edit: TwoFactor' }).click();
  const card = admin.locator('section', { hasText: 'Two-factor sign-in' });
  await expect(card.getByText('On: this user signs in with a code from an authenticator app.')).toBeVisible();
  await card.getByRole('button', { name: 'Reset 2FA' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Reset 2FA' }).click();
  await expect(
    admin.getByText('Two-factor sign-in reset: the user can sign in with their password and set it up again (they were told in the admin)'),
  ).toBeVisible();
  await expect(card.getByText('Off: this user signs in with a password only.')).toBeVisible();
  await admin.close();

  const page = await browser.newPage();
  await signIn(page, ACCOUNT.email, TEST_PASSWORD, /\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The user is told, in the bell, and led back to the set-up.
  const told = 'Administrator reset your two-factor sign-in. Set it up again from My Account.';
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: told }).click();
  await expect(page).toHaveURL(/\/admin\/account\/two-factor$/);
  await expect(page.getByRole('button', { name: 'Start set-up' })).toBeVisible();
  await page.close();
});

test('wrong codes on the account page are limited: after ten, the next one gets “Too many wrong codes”', async ({ page, browser }) => {
  await signIn(page);
  const { password, page: own } = await newColleague(page, browser, 'Codey', 'Author');
  const secret = await enrolTwoFactor(own, password);

  const turnOff = own.getByRole('form', { name: 'Turn off' });
  for (let i = 0; i < 10; i++) {
    await turnOff.getByLabel('Current Password').fill(password);
    await turnOff.getByLabel('Code to confirm').fill(String(100000 + i));
    await turnOff.getByRole('button', { name: 'Turn off' }).click();
    await expect(turnOff.getByText('That code is not right.')).toBeVisible();
  }
  await turnOff.getByLabel('Current Password').fill(password);
  await turnOff.getByLabel('Code to confirm').fill(await nextCode(secret));
  await turnOff.getByRole('button', { name: 'Turn off' }).click();
  await expect(turnOff.getByText('Too many wrong codes. Please wait 15 minutes and try again.')).toBeVisible();
  await expect(own.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible();
  await own.screenshot({ path: 'reports/screens/two-factor-limited-1280.png', fullPage: true });
  await own.setViewportSize({ width: 390, height: 844 });
  await own.screenshot({ path: 'reports/screens/two-factor-limited-390.png', fullPage: true });
  await own.context().close();
});
