import { describe, expect, it } from 'vitest';

import { boundedMemo } from '#app/lib/bounded-memo.ts';

describe('boundedMemo', () => {
  it('computes each input once while it is remembered', () => {
    const seen: string[] = [];
    const upper = boundedMemo((input: string) => {
      seen.push(input);
      return input.toUpperCase();
    });
    expect(upper('a')).toBe('A');
    expect(upper('a')).toBe('A');
    expect(upper('b')).toBe('B');
    expect(seen).toEqual(['a', 'b']);
  });

  it('keeps at most `limit` entries, dropping the least recently used', () => {
    const seen: string[] = [];
    const echo = boundedMemo((input: string) => {
      seen.push(input);
      return input;
    }, 2);
    echo('a');
    echo('b');
    echo('a'); // a is now the most recently used
    echo('c'); // drops b
    echo('a');
    echo('b');
    expect(seen).toEqual(['a', 'b', 'c', 'b']);
  });
});
