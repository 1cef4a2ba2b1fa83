import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { importWordPress } from '#app/services/import/wordpress-import.server.ts';
import { uploadsDir } from '#app/services/media/storage.server.ts';
import { recoverInterruptedUploads } from '#app/services/media/upload-journal.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

const FIXTURE = path.resolve('tests/fixtures/wordpress/export.xml');
const UPLOADS = path.resolve('tests/fixtures/wordpress/uploads');

/** Every file in storage, as keys. */
function storedKeys(): string[] {
  return (readdirSync(uploadsDir(), { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadsDir(), path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The keys the media rows name: originals and variants. */
async function namedKeys(): Promise<string[]> {
  const rows = await getDb().selectFrom('media').select(['storage_key', 'variants']).execute();
  return rows.flatMap((row) => [row.storage_key, ...(JSON.parse(row.variants) as { key: string }[]).map((v) => v.key)]).sort();
}

// The importer stores a media file, then records where it came from: a process stopped between the two must not
// make the next run store the same file a second time.
describe.each(testDialects)('WordPress media interrupted between storing and recording, on $name', (dialect) => {
  beforeAll(async () => {
    // A data folder of its own: storage holds this database's files alone.
    loadTestEnv();
    await dialect.open();
  });
  afterAll(async () => {
    await dialect.close();
  });

  it('leaves no row and no file behind, and the re-run stores each file once', async () => {
    const admin = await makeActor('administrator');
    const mediaBefore = (await getDb().selectFrom('media').select('id').execute()).length;
    // The record of an attachment's source cannot be written: the run stops after the file is stored.
    if (dialect.name === 'sqlite') {
      await sql`create trigger refuse_attachment before insert on import_items when new.item_type = 'attachment'
        begin select raise(abort, 'interrupted before recording'); end`.execute(getDb());
    } else {
      await sql`create function refuse_attachment() returns trigger language plpgsql as $$
        begin if new.item_type = 'attachment' then raise exception 'interrupted before recording'; end if; return new; end $$`.execute(
        getDb(),
      );
      await sql`create trigger refuse_attachment before insert on import_items for each row execute function refuse_attachment()`.execute(
        getDb(),
      );
    }
    const interrupted = await importWordPress({ file: FIXTURE, uploadsDir: UPLOADS, download: false, actorId: admin.id });
    expect(interrupted.types.media).toMatchObject({ found: 3, imported: 0, failed: 3 });
    // Nothing half-done: no media row, and storage holds only the files rows name.
    expect((await getDb().selectFrom('media').select('id').execute()).length).toBe(mediaBefore);
    // What a restart does (a process killed there could not clean up after itself).
    await recoverInterruptedUploads(getDb());
    expect(storedKeys()).toEqual(await namedKeys());

    await sql`drop trigger refuse_attachment${sql.raw(dialect.name === 'sqlite' ? '' : ' on import_items')}`.execute(getDb());
    const resumed = await importWordPress({ file: FIXTURE, uploadsDir: UPLOADS, download: false, actorId: admin.id });
    expect(resumed.types.media).toMatchObject({ found: 3, imported: 3, failed: 0 });
    const again = await importWordPress({ file: FIXTURE, uploadsDir: UPLOADS, download: false, actorId: admin.id });
    expect(again.types.media).toMatchObject({ found: 3, imported: 0, skipped: 3 });
    // Each WordPress file stored once: three new rows, and no file in storage that no row names.
    expect((await getDb().selectFrom('media').select('id').execute()).length).toBe(mediaBefore + 3);
    expect(storedKeys()).toEqual(await namedKeys());
  }, 120_000);
});
