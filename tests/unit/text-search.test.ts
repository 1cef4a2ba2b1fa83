import { describe, expect, it } from 'vitest';

import { likePattern } from '#app/db/text-search.ts';

describe('likePattern', () => {
  it('wraps the term and escapes wildcards', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
