import { type Browser, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

import { waitForHydration } from './hydration.ts';

/** Adds a user through the Users tab and returns the invitation link shown once. */
export async function inviteUser(page: Page, user: { name: string; email: string; role: string }): Promise<string> {
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page.getByRole('heading', { name: 'Add User' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: user.role });
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(/\/invite\/[\w-]{40,}$/);
  return link;
}

/** The invitee opens the link in their own browser, sets a password and signs in; returns their page. */
export async function acceptAndSignIn(browser: Browser, link: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await waitForHydration(page);
  return page;
}

export const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * A colleague of their own for a test that changes their account (sessions, two-factor): the administrator, signed in
 * on `admin`, invites them with `role`; they accept in their own browser and sign in. Returns their page and details.
 */
export async function newColleague(admin: Page, browser: Browser, firstName: string, role: string) {
  const tag = unique();
  const name = `${firstName} ${tag}`;
  const email = `${firstName.toLowerCase()}-${tag}@example.com`;
  const password = `${firstName.toLowerCase()}-pass-${tag}-long`;
  const link = await inviteUser(admin, { name, email, role });
  return { name, email, password, page: await acceptAndSignIn(browser, link, email, password) };
}

/** Types in the Users tab's search and waits for the list to follow (it submits after a pause, replacing the URL). */
export async function searchUsers(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

/** The signed-in user turns on two-factor sign-in from their account page (password, then a first code); returns the secret. */
export async function enrolTwoFactor(page: Page, password: string): Promise<string> {
  await page.goto('/admin/account/two-factor');
  await page.getByLabel('Current Password').fill(password);
  await page.getByRole('button', { name: 'Start set-up' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await page.getByLabel('Verification code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  await page.getByRole('link', { name: 'I have saved my codes' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible();
  return secret;
}
