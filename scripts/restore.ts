// npm run restore -- <file.tar.gz> [--force] — restores a backup into the configured database (SQLite or
// PostgreSQL, whichever the backup came from) and DATA_DIR/uploads. Checks every checksum first; refuses a database
// holding any row unless --force.
import { getEnv } from '#app/env.server.ts';
import { restoreBackup } from '#app/services/backup/restore-backup.server.ts';
import { objectStorage } from '#app/services/media/storage.server.ts';

import { withCliDatabase } from './cli-database.ts';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('-'));
const force = args.includes('--force');
const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--force');
if (!file || unknown.length) {
  console.error('Usage: npm run restore -- <file.tar.gz> [--force]');
  process.exit(2);
}
await withCliDatabase(async (handle) => {
  const summary = await restoreBackup(file, { handle, dataDir: getEnv().DATA_DIR, storage: objectStorage() }, { force });
  console.log(
    `Restored ${summary.rows} rows of ${summary.tables} tables and ${summary.files} files (schema ${summary.schemaVersion}) into ${handle.location} ` +
      `in ${(summary.milliseconds / 1000).toFixed(1)} s.`,
  );
});
