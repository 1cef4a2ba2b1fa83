import { afterEach, describe, expect, it, vi } from 'vitest';

import { HTML_CACHE_TTL_MS, invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';

describe('memoUntilWrite', () => {
  afterEach(() => vi.useRealTimers());

  it('reads once per key until a public write clears it', async () => {
    const reads: string[] = [];
    const landing = memoUntilWrite(async (language: 'en' | 'fr') => {
      reads.push(language);
      return { title: `${language} ${reads.length}` };
    });
    expect(await landing('en')).toEqual({ title: 'en 1' });
    expect(await landing('en')).toEqual({ title: 'en 1' });
    expect(await landing('fr')).toEqual({ title: 'fr 2' });
    await invalidatePublicCache();
    expect(await landing('en')).toEqual({ title: 'en 3' });
    expect(reads).toEqual(['en', 'fr', 'en']);
  });

  it('does not keep a read that started before the write', async () => {
    let release!: () => void;
    let version = 1;
    const shell = memoUntilWrite(async () => {
      const seen = version;
      if (seen === 1) await new Promise<void>((resolve) => (release = resolve));
      return seen;
    });
    const early = shell();
    version = 2;
    await invalidatePublicCache();
    release();
    expect(await early).toBe(1);
    expect(await shell()).toBe(2);
  });

  it('forgets a failed read and expires with the page cache', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const flaky = memoUntilWrite(async () => {
      calls++;
      if (calls === 1) throw new Error('database busy');
      return calls;
    });
    await expect(flaky()).rejects.toThrow('database busy');
    expect(await flaky()).toBe(2);
    expect(await flaky()).toBe(2);
    vi.advanceTimersByTime(HTML_CACHE_TTL_MS + 1);
    expect(await flaky()).toBe(3);
  });

  it('keeps at most maxKeys keys, dropping the least recently read first', async () => {
    const reads: string[] = [];
    const count = memoUntilWrite(
      async (tag: string) => {
        reads.push(tag);
        return reads.length;
      },
      { maxKeys: 2 },
    );
    expect(await count('a')).toBe(1);
    expect(await count('b')).toBe(2);
    // 'a' read again: 'b' is now the least recently read, and 'c' takes its place.
    expect(await count('a')).toBe(1);
    expect(await count('c')).toBe(3);
    expect(await count('a')).toBe(1);
    expect(await count('b')).toBe(4);
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });
});
