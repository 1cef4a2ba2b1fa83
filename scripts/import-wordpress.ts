// npm run import:wordpress -- export.xml [--uploads DIR] [--dry-run] [--no-download] [--allow-private-downloads]
// Imports a WordPress export (WXR) into the configured site and prints the per-type report (decision 033).
import { parseArgs } from 'node:util';

import { migrateToLatest } from '#app/db/migrate.server.ts';
import { formatImportReport } from '#app/services/import/import-report.ts';
import { importWordPress } from '#app/services/import/wordpress-import.server.ts';
import { seedDatabase } from '#app/services/startup/seed.server.ts';

import { withCliDatabase } from './cli-database.ts';

const USAGE =
  'Usage: npm run import:wordpress -- export.xml [--uploads path/to/wp-content/uploads] [--dry-run] [--no-download] [--allow-private-downloads]';

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      uploads: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'no-download': { type: 'boolean' },
      'allow-private-downloads': { type: 'boolean' },
      verbose: { type: 'boolean' },
    },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const file = parsed.positionals[0];
if (!file || parsed.positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}

await withCliDatabase(async ({ db }) => {
  await migrateToLatest(db);
  await seedDatabase(db);
  const report = await importWordPress({
    file,
    uploadsDir: parsed.values.uploads,
    dryRun: parsed.values['dry-run'],
    download: !parsed.values['no-download'],
    allowPrivateDownloads: parsed.values['allow-private-downloads'],
    log: parsed.values.verbose ? (line) => console.log(line) : undefined,
  });
  console.log(formatImportReport(report));
});
