// npm run db:migrate — applies pending migrations to the configured database.
import { migrateToLatest } from '#app/db/migrate.server.ts';

import { withCliDatabase } from './cli-database.ts';

await withCliDatabase(async ({ db, location }) => {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied to ${location}: ${applied.join(', ')}` : `${location} is up to date.`);
});
