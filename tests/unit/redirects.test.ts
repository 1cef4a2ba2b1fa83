import { describe, expect, it } from 'vitest';

import { safeRedirectPath } from '#app/http/safe-redirect.server.ts';

/** How a browser follows a Location header: resolved against the page's URL. */
const followedFrom = (location: string) => new URL(location, 'https://atelier.example/login').host;

describe('safeRedirectPath', () => {
  it.each([
    ['/admin/pages?q=a', '/admin/pages?q=a'],
    ['/admin/blog?status=draft#top', '/admin/blog?status=draft#top'],
    ['/about', '/about'],
    ['/admin/./pages', '/admin/pages'],
    ['/a/b/../c', '/a/c'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
  ])('keeps the local path %s as %s', (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
    expect(followedFrom(expected)).toBe('atelier.example');
  });

  // Known open-redirect bypasses: each must fall back, and what a browser follows must stay on the site.
  it.each([
    '//evil.example',
    '///evil.example',
    '////evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/..//evil.example',
    '/a/../..//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\t\\evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/%09/evil.example'.replace('%09', '\t'),
    'https://evil.example',
    'http://evil.example/admin',
    'HTTPS://evil.example',
    'https:evil.example',
    '//evil.example@atelier.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\tjavascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'admin',
    'evil.example',
    '',
    null,
    undefined,
  ])('falls back for %j', (target) => {
    expect(safeRedirectPath(target)).toBe('/admin');
  });

  it.each([
    '/%09/evil.example',
    '/%0A/evil.example',
    '/%2F/evil.example',
    '/%5C/evil.example',
    '/.%2F%2Fevil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
  ])('turns the percent-encoded form %s into a path that stays on the site', (target) => {
    const result = safeRedirectPath(target);
    expect(result.startsWith('/')).toBe(true);
    expect(result.startsWith('//')).toBe(false);
    expect(followedFrom(result)).toBe('atelier.example');
    // Decoded once more (as ?redirectTo= is), it must still be refused or stay local.
    const decoded = safeRedirectPath(decodeURIComponent(target));
    expect(followedFrom(decoded)).toBe('atelier.example');
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.example', '/')).toBe('/');
  });
});
