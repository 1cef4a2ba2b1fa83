// npm run media:migrate -- --to s3   (or --to local) — copies every media file (originals, variants, the seeded
// files) the database names into the other storage, then reports. Resumable and idempotent: run it again after a stop,
// and once more after switching MEDIA_STORAGE (for files uploaded meanwhile). The source is left as it was.
import { formatFileSize } from '#app/lib/file-size.ts';
import { type MediaStorageKind, migrateMedia } from '#app/services/media/migrate-media.server.ts';

import { withCliDatabase } from './cli-database.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--to');
const to = at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith('--to='))?.slice('--to='.length);
if (to !== 's3' && to !== 'local') {
  console.error('Usage: npm run media:migrate -- --to s3   (or --to local)');
  process.exit(2);
}
const target = to as MediaStorageKind;
const from: MediaStorageKind = target === 's3' ? 'local' : 's3';
await withCliDatabase(async () => {
  const verbose = args.includes('--verbose');
  const report = await migrateMedia({ from, to: target, log: verbose ? (line) => console.log(line) : undefined });
  console.log(`Media files from ${from} to ${target}: ${report.items} items naming ${report.files} files.`);
  console.log(`  copied:        ${report.copied} (${formatFileSize(report.bytesCopied)})`);
  console.log(`  already there: ${report.alreadyThere}`);
  console.log(
    `  missing:       ${report.missing.length}${report.missing.length ? ` (in neither storage: ${report.missing.join(', ')})` : ''}`,
  );
  console.log(`  failed:        ${report.failed.length}`);
  for (const failure of report.failed) console.log(`    ${failure.key}: ${failure.reason}`);
  if (report.failed.length) {
    console.error('Some files were not copied: run the command again to retry them (what is copied is skipped).');
    process.exitCode = 1;
  } else {
    console.log(
      `Done. Set MEDIA_STORAGE=${target} and restart; then run this once more to copy anything uploaded meanwhile. ` +
        `The files in ${from} were left as they were.`,
    );
  }
});
