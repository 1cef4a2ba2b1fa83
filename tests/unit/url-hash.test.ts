import { describe, expect, it } from 'vitest';

import { hashTargetId } from '#app/lib/url-hash.ts';

describe('the element a location hash names', () => {
  it('decodes well-formed hashes and takes malformed escapes literally instead of throwing', () => {
    expect(hashTargetId('#services')).toBe('services');
    expect(hashTargetId('#caf%C3%A9')).toBe('café');
    expect(hashTargetId('')).toBe('');
    expect(hashTargetId('#')).toBe('');
    for (const hostile of ['#%', '#%E0%A4%A', '#%%', '#%zz', '#a%']) {
      expect(() => decodeURIComponent(hostile.slice(1))).toThrow(URIError);
      expect(hashTargetId(hostile)).toBe(hostile.slice(1));
    }
  });
});
