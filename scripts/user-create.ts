// npm run user:create -- --email a@b.c --role editor [--name "A B"] [--password secret]
// Without --password a strong one is generated and printed once.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

import { z } from 'zod';

import { migrateToLatest } from '#app/db/migrate.server.ts';
import { seedDatabase } from '#app/services/startup/seed.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';

import { withCliDatabase } from './cli-database.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
const args = z
  .object({
    email: z.email('--email must be an email address'),
    role: z.string().min(1, '--role is required'),
    name: z.string().optional(),
    password: z.string().min(8, '--password must be at least 8 characters').optional(),
  })
  .safeParse(values);
if (!args.success) {
  console.error(args.error.issues.map((issue) => issue.message).join('\n'));
  console.error('Usage: npm run user:create -- --email someone@example.com --role editor [--name "Their Name"] [--password …]');
  process.exit(1);
}

await withCliDatabase(async ({ db }) => {
  await migrateToLatest(db);
  await seedDatabase(db);
  const password = args.data.password ?? randomBytes(18).toString('base64url');
  const name = args.data.name ?? args.data.email.split('@')[0]!;
  await createUser({ email: args.data.email, name, password, roleId: args.data.role });
  console.log(`Created ${args.data.email} with the role ${args.data.role}.`);
  if (!args.data.password) console.log(`Password (shown only once): ${password}`);
});
