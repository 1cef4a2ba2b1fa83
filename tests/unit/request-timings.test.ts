import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import { openSqlite } from '#app/db/dialect.server.ts';
import { figuresFromEntries, serverTimingHeader } from '#app/lib/server-timings.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import {
  recordQuery,
  recordRender,
  requestTimingsActive,
  requestTimingSnapshot,
  runWithRequestTimings,
} from '#app/services/debug/request-timings.server.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'atelier-timings-'));
const handle = openSqlite(path.join(dir, 'timings.sqlite'), recordQuery);
afterAll(async () => {
  await handle.db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('request timings (Debug Mode)', () => {
  it('records nothing outside a measured request', async () => {
    await sql`select 1`.execute(handle.db);
    recordRender(5);
    expect(requestTimingsActive()).toBe(false);
    expect(requestTimingSnapshot()).toBeNull();
  });

  it('counts the queries, awaited across async steps, and their time through the Kysely log hook', async () => {
    const snapshot = await runWithRequestTimings(async () => {
      expect(requestTimingsActive()).toBe(true);
      await sql`select 1`.execute(handle.db);
      await Promise.all([sql`select 2`.execute(handle.db), sql`select 3`.execute(handle.db)]);
      await new Promise((resolve) => setTimeout(resolve, 1));
      await sql`select 4`.execute(handle.db);
      return requestTimingSnapshot();
    });
    expect(snapshot?.queries).toBe(4);
    expect(snapshot?.queryMs).toBeGreaterThan(0);
    expect(snapshot?.renderMs).toBeNull();
  });

  it('keeps concurrent requests apart', async () => {
    const one = runWithRequestTimings(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await sql`select 1`.execute(handle.db);
      return requestTimingSnapshot()?.queries;
    });
    const two = runWithRequestTimings(async () => {
      for (let i = 0; i < 3; i++) await sql`select 1`.execute(handle.db);
      return requestTimingSnapshot()?.queries;
    });
    expect(await Promise.all([one, two])).toEqual([1, 3]);
  });

  it('reports an in-memory cache miss when any read loaded, a hit when all came from memory', async () => {
    const shell = memoUntilWrite(async () => 'shell');
    const first = await runWithRequestTimings(async () => {
      await shell();
      await shell();
      return requestTimingSnapshot();
    });
    expect(first).toMatchObject({ cacheHits: 1, cacheMisses: 1 });
    expect(serverTimingHeader(first!)).toContain('cache;desc=miss');
    const second = await runWithRequestTimings(async () => {
      await shell();
      return requestTimingSnapshot();
    });
    expect(second).toMatchObject({ cacheHits: 1, cacheMisses: 0 });
    expect(serverTimingHeader(second!)).toContain('cache;desc=hit');
  });

  it('writes the Server-Timing header and reads the browser’s parsed entries back', () => {
    const header = serverTimingHeader({ queries: 3, queryMs: 4.567, cacheHits: 2, cacheMisses: 0, renderMs: 12.34 });
    expect(header).toBe('db;dur=4.6;desc="3 queries", render;dur=12.3, cache;desc=hit');
    // A data request renders nothing and may read no cache: neither metric is sent.
    expect(serverTimingHeader({ queries: 1, queryMs: 0.2, cacheHits: 0, cacheMisses: 0, renderMs: null })).toBe(
      'db;dur=0.2;desc="1 query"',
    );
    expect(
      figuresFromEntries([
        { name: 'db', duration: 4.6, description: '3 queries' },
        { name: 'render', duration: 12.3, description: '' },
        { name: 'cache', duration: 0, description: 'hit' },
      ]),
    ).toEqual({ queries: 3, dbMs: 4.6, renderMs: 12.3, cache: 'hit' });
    expect(figuresFromEntries([{ name: 'other', duration: 1, description: '' }])).toBeNull();
  });

  it('records the render time of a measured request', () => {
    const snapshot = runWithRequestTimings(() => {
      recordRender(7.25);
      return requestTimingSnapshot();
    });
    expect(snapshot?.renderMs).toBe(7.25);
  });
});
