import { describe, expect, it } from 'vitest';

import { runCrashTest } from '#tests/reliability/crash-harness.ts';

// The short version of `npm run test:reliability` (tests/reliability/): a few SIGKILLs of the built server while
// clients write through HTTP, then every acknowledged write is checked present and intact, and no two editors'
// saves of one item both won.

const dialects: ('sqlite' | 'postgres')[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

describe.each(dialects)('a server killed while it writes, on %s', (dialect) => {
  it('keeps every acknowledged write and refuses one of each pair of conflicting saves', async () => {
    const report = await runCrashTest({ dialect, killPoints: 3, writers: 3, minRunMs: 400, maxRunMs: 1500 });
    expect(report.killPoints).toBe(3);
    expect(report.lost).toEqual([]);
    expect(report.pairs.lostUpdates).toBe(0);
    expect(report.orphanFiles).toBe(0);
    // The run did write: something of each kind was acknowledged, and editors met.
    expect(report.acknowledged.posts).toBeGreaterThan(0);
    expect(report.pairs.oneWonOneRefused).toBeGreaterThan(0);
  }, 80_000);
});
