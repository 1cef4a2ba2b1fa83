import { expect, type Page } from '@playwright/test';

import { ADMIN, TEST_PASSWORD } from './accounts.ts';
import { waitForHydration } from './hydration.ts';

/** Signs in through the real form and waits to land on `expectPath`. */
export async function signIn(
  page: Page,
  email = ADMIN.email,
  password = email === ADMIN.email ? ADMIN.password : TEST_PASSWORD,
  expectPath = /\/admin/,
) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(expectPath);
  // Signed in before the page's script ran, the form posted natively and the admin is a fresh document.
  await waitForHydration(page);
}
