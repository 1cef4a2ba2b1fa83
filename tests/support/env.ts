import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { getEnv, loadEnv } from '#app/env.server.ts';

/** Loads a test environment with its own data directory. */
export function loadTestEnv(overrides: Record<string, string> = {}) {
  return loadEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atelier-env-')), ...overrides });
}

/** Reloads the current test environment with some variables changed, keeping its data directory and secret. */
export function changeTestEnv(overrides: Record<string, string>) {
  const { DATA_DIR, SESSION_SECRET } = getEnv();
  return loadEnv({ NODE_ENV: 'test', DATA_DIR, SESSION_SECRET, ...overrides });
}
