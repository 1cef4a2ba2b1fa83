import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadEnv, parseEnv } from '#app/env.server.ts';

describe('environment', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      ADMIN_EMAIL: 'admin@example.com',
      NODE_ENV: 'production',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nope', SESSION_SECRET: 'short' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*SESSION_SECRET: must be at least 32 characters[\s\S]*ADMIN_EMAIL: must be an email address/,
    );
  });

  it('syncs SQLite commits in full unless SQLITE_SYNCHRONOUS chooses NORMAL, and refuses anything else', () => {
    expect(parseEnv({}).SQLITE_SYNCHRONOUS).toBe('FULL');
    expect(parseEnv({ SQLITE_SYNCHRONOUS: 'normal' }).SQLITE_SYNCHRONOUS).toBe('NORMAL');
    expect(parseEnv({ SQLITE_SYNCHRONOUS: 'FULL' }).SQLITE_SYNCHRONOUS).toBe('FULL');
    expect(() => parseEnv({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrowError(/SQLITE_SYNCHRONOUS: must be FULL or NORMAL/);
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

  it('names the public origin from configuration: SITE_URL, else http://localhost:PORT', () => {
    expect(parseEnv({ PORT: '4000' }).SITE_URL).toBe('http://localhost:4000');
    expect(parseEnv({ SITE_URL: 'https://www.example.com/' }).SITE_URL).toBe('https://www.example.com');
    expect(() => parseEnv({ SITE_URL: 'javascript:alert(1)' })).toThrowError(/SITE_URL/);
    expect(() => parseEnv({ SITE_URL: 'https://example.com/blog' })).toThrowError(/SITE_URL: must be an origin without a path/);
  });

  it('allows the site host plus localhost and 127.0.0.1 on PORT by default, or the listed hosts', () => {
    expect(parseEnv({ PORT: '4000' }).ALLOWED_HOSTS).toEqual(['localhost:4000', '127.0.0.1:4000', '[::1]:4000']);
    expect(parseEnv({ SITE_URL: 'https://www.example.com', ALLOWED_HOSTS: 'Example.com, .cdn.example.com' }).ALLOWED_HOSTS).toEqual([
      'www.example.com',
      'example.com',
      '.cdn.example.com',
    ]);
    expect(() => parseEnv({ ALLOWED_HOSTS: 'evil/x' })).toThrowError(/ALLOWED_HOSTS/);
  });

  it('reads TRUST_PROXY in Express syntax and never trusts every proxy', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
      '::1',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'everyone', '1.2.3'])
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrowError(/TRUST_PROXY: must be a hop count/);
  });

  // Issue 21, item 17: subnets that hold (nearly) every client are "trust everything" spelled otherwise.
  it('refuses TRUST_PROXY subnets so wide they trust nearly every client, naming the variable', () => {
    for (const bad of [
      '0.0.0.0/0',
      '::/0',
      '0.0.0.0/0, ::/0',
      '10.0.0.1, 0.0.0.0/0',
      '0.0.0.0/1, 128.0.0.0/1',
      '1.2.3.4/0',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/96',
      '0:0:0:0:0:ffff:0:0/96',
      '::ffff:0:0/100',
      '::/8',
      '::/1',
      '2000::/3',
    ]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrowError(/TRUST_PROXY: .*would trust nearly every client/);
    }
    for (const good of [
      '10.0.0.0/8',
      '172.16.0.0/12',
      '192.168.0.0/16',
      'fc00::/7',
      'fe80::/10',
      '2001:db8::/32',
      '::ffff:10.0.0.0/104',
      '::1/128',
    ]) {
      expect(parseEnv({ TRUST_PROXY: good }).TRUST_PROXY, good).toEqual([good]);
    }
  });
});
