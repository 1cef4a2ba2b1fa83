// npm run backup -- <file.tar.gz> — one archive of the configured site (database snapshot as JSON lines, every
// upload and variant, a manifest with counts and SHA-256 checksums), taken while it serves.
import { existsSync } from 'node:fs';

import { loadEnv } from '#app/env.server.ts';
import { formatFileSize } from '#app/lib/file-size.ts';
import { createBackup } from '#app/services/backup/create-backup.server.ts';
import { objectStorage } from '#app/services/media/storage.server.ts';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!file) {
  console.error('Usage: npm run backup -- <file.tar.gz>');
  process.exit(2);
}
try {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnv();
  const summary = await createBackup(file, { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, storage: objectStorage() });
  console.log(
    `Backed up ${summary.rows} rows of ${summary.tables} tables and ${summary.files} files into ${summary.file} ` +
      `(${formatFileSize(summary.bytes)}, ${(summary.milliseconds / 1000).toFixed(1)} s).`,
  );
  if (summary.missingFiles.length)
    console.warn(`Not on the disk, so not in the archive (their rows are): ${summary.missingFiles.join(', ')}`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
