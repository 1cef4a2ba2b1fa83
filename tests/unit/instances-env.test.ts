import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadEnv, parseEnv, requireSharedSessionSecret } from '#app/env.server.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'atelier-env-'));

// Decision 031's variables.
describe('environment for several instances', () => {
  it('keeps media on the local disk by default and asks for a bucket with MEDIA_STORAGE=s3', () => {
    expect(parseEnv({}).MEDIA_STORAGE).toBe('local');
    expect(() => parseEnv({ MEDIA_STORAGE: 's3' })).toThrowError(/S3_BUCKET: is required when MEDIA_STORAGE is s3/);
    expect(() => parseEnv({ MEDIA_STORAGE: 'ftp' })).toThrowError(/MEDIA_STORAGE/);
    expect(() => parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrowError(/S3_ENDPOINT/);
    expect(() => parseEnv({ S3_PREFIX: '../x' })).toThrowError(/S3_PREFIX/);
    const env = parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: '1', S3_PREFIX: 'site/' });
    expect(env).toMatchObject({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'site/',
    });
  });

  it('reads the cache sync and shutdown settings, refusing values out of range', () => {
    expect(parseEnv({})).toMatchObject({ CACHE_SYNC_POLL_MS: 500, CACHE_SYNC_LISTEN: true, SHUTDOWN_DELAY_MS: 0 });
    expect(parseEnv({ CACHE_SYNC_LISTEN: '0' }).CACHE_SYNC_LISTEN).toBe(false);
    expect(() => parseEnv({ CACHE_SYNC_POLL_MS: '10' })).toThrowError(/CACHE_SYNC_POLL_MS/);
    expect(() => parseEnv({ SHUTDOWN_DELAY_MS: '60000' })).toThrowError(/SHUTDOWN_DELAY_MS/);
  });

  it('requires SESSION_SECRET on PostgreSQL only', () => {
    const url = 'postgres://u@127.0.0.1:5432/db';
    expect(() => requireSharedSessionSecret(loadEnv({ DATA_DIR: dataDir() }))).not.toThrow();
    expect(() => requireSharedSessionSecret(loadEnv({ DATA_DIR: dataDir(), DATABASE_URL: url }))).toThrowError(
      /SESSION_SECRET must be set when DATABASE_URL is PostgreSQL/,
    );
    expect(() =>
      requireSharedSessionSecret(loadEnv({ DATA_DIR: dataDir(), DATABASE_URL: url, SESSION_SECRET: 'x'.repeat(40) })),
    ).not.toThrow();
  });
});
