import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { openDatabase } from '#app/db/dialect.server.ts';

/** SQLite's own numbers: 1 is NORMAL, 2 is FULL. */
async function pragmas(synchronous?: 'FULL' | 'NORMAL') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-sync-'));
  const handle = openDatabase({ dataDir, synchronous });
  try {
    const [sync] = (await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db)).rows;
    const [journal] = (await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db)).rows;
    return { synchronous: sync?.synchronous, journal: journal?.journal_mode };
  } finally {
    await handle.db.destroy();
  }
}

describe('SQLite durability', () => {
  it('syncs every commit (FULL) in WAL mode by default', async () => {
    expect(await pragmas()).toEqual({ synchronous: 2, journal: 'wal' });
    expect(await pragmas('FULL')).toEqual({ synchronous: 2, journal: 'wal' });
  });

  it('syncs at checkpoints only (NORMAL) when chosen', async () => {
    expect(await pragmas('NORMAL')).toEqual({ synchronous: 1, journal: 'wal' });
  });
});
