import { defineConfig, devices } from '@playwright/test';

import { ADMIN, E2E_DATA_DIR, E2E_PORT } from './tests/e2e/support/accounts.ts';

const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const SITE_WIDE_WRITES = /site-wide-writes\.spec\.ts$/;
const SITE_SETTINGS = /site-settings\.spec\.ts$/;
const THEME_ACTIVATION = /theme-activation\.spec\.ts$/;
const MENUS = /menus\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Generous bounds: a loaded CI machine runs axe and uploads several times slower than a quiet one
  // (the content screens' axe test took 29–59 s here, and once ran out of a 60 s bound).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Debian's Chromium; Playwright never downloads a browser here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: [SITE_WIDE_WRITES, SITE_SETTINGS, THEME_ACTIVATION, MENUS], use: desktop },
    // Tests that change what every public page shows run after all the others, one test after the other (a
    // write clears the page cache another test is reading), so no test sees another's change half-way: landing
    // copy and contact details, then the site name, logo and cache, then the active theme, then the menus.
    { name: 'site-wide-writes', testMatch: SITE_WIDE_WRITES, dependencies: ['desktop'], fullyParallel: false, use: desktop },
    { name: 'site-settings', testMatch: SITE_SETTINGS, dependencies: ['site-wide-writes'], fullyParallel: false, use: desktop },
    { name: 'theme-activation', testMatch: THEME_ACTIVATION, dependencies: ['site-settings'], fullyParallel: false, use: desktop },
    { name: 'site-menus', testMatch: MENUS, dependencies: ['theme-activation'], fullyParallel: false, use: desktop },
  ],
  webServer: {
    command: `npx tsx tests/e2e/support/prepare-data.ts && node server/start.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: '',
      // Canonical links, feeds and the sitemap name this origin; the tests reach the server by it.
      SITE_URL: baseURL,
      // Tests that send contact messages pose as distinct visitors through X-Forwarded-For (support/site-data.ts).
      TRUST_PROXY: 'loopback',
      // The fake SMTP server of the Email tests listens on a loopback address (support/fake-smtp.ts), which the
      // SMTP policy refuses unless told otherwise.
      SMTP_ALLOW_PRIVATE: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  },
});
