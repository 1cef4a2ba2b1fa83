// npm run db:seed — seeds an empty database (does nothing on a seeded one).
import { migrateToLatest } from '#app/db/migrate.server.ts';
import { seedDatabase } from '#app/services/startup/seed.server.ts';

import { withCliDatabase } from './cli-database.ts';

await withCliDatabase(async ({ db, location }) => {
  await migrateToLatest(db);
  console.log((await seedDatabase(db)) ? `Seeded ${location}.` : `${location} already holds data; nothing seeded.`);
});
