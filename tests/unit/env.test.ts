import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv, parseEnv } from '#app/env.server.ts';

describe('environment', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', ADMIN_EMAIL: 'admin@example.com', NODE_ENV: 'production' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nope', SESSION_SECRET: 'short' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*SESSION_SECRET: must be at least 32 characters[\s\S]*ADMIN_EMAIL: must be an email address/,
    );
  });

  it('accepts PostgreSQL URLs', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@localhost/db' }).DATABASE_URL).toBe('postgres://u@localhost/db');
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atelier-env-'));
    const first = loadEnv({ DATA_DIR: dir });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dir, 'session-secret'))).toBe(true);
    expect(loadEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.SESSION_SECRET);
  });
});
