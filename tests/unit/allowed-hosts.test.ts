import { describe, expect, it } from 'vitest';

import { isAllowedHost } from '#server/allowed-hosts.ts';

describe('isAllowedHost', () => {
  const allowed = ['www.example.com', 'localhost:3000', '[::1]:3000', '.cdn.example.com'];

  it.each(['www.example.com', 'WWW.Example.com:443', 'localhost:3000', '[::1]:3000', 'cdn.example.com', 'a.cdn.example.com:8080'])(
    'accepts %s',
    (host) => {
      expect(isAllowedHost(host, allowed)).toBe(true);
    },
  );

  it.each([
    undefined,
    '',
    'evil.example',
    'localhost',
    'localhost:3001',
    'www.example.com.evil.example',
    'evilcdn.example.com',
    '[::1]',
    'www.example.com@evil.example',
  ])('refuses %s', (host) => {
    expect(isAllowedHost(host, allowed)).toBe(false);
  });
});
