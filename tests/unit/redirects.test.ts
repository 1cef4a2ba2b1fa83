import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '#app/http/guard.server.ts';

describe('safeRedirectPath', () => {
  it('keeps local paths', () => {
    expect(safeRedirectPath('/admin/pages?q=a')).toBe('/admin/pages?q=a');
  });
  it.each(['//evil.example.com', '/\\evil.example.com', 'https://evil.example.com', 'admin', '', null, undefined])(
    'falls back for %s',
    (target) => {
      expect(safeRedirectPath(target)).toBe('/admin');
    },
  );
});
