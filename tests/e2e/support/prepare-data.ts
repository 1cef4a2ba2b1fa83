// Prepares a fresh data directory for the end-to-end server: migrated,
// seeded, with one account per role. Run before the server starts.
import { rmSync } from 'node:fs';

import { closeDatabase, getDb } from '#app/db/client.server.ts';
import { loadEnv } from '#app/env.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { setUpDatabase } from '#app/services/startup/set-up-database.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';

import { ACCOUNTS, ADMIN, E2E_DATA_DIR, TEST_PASSWORD } from './accounts.ts';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
const env = loadEnv({ ...process.env, DATA_DIR: E2E_DATA_DIR, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DATABASE_URL: '' });
await setUpDatabase(env, () => {});
const now = nowIso();
await getDb()
  .insertInto('roles')
  .values([
    {
      id: 'member',
      name: 'Member',
      description: 'Signed-in visitor without admin access',
      permissions: '[]',
      created_at: now,
      updated_at: now,
    },
    {
      id: 'people_manager',
      name: 'People manager',
      description: 'Manages users and nothing else',
      permissions: JSON.stringify(['access_admin', 'manage_users']),
      created_at: now,
      updated_at: now,
    },
    {
      id: 'page_writer',
      name: 'Page Writer',
      description: 'Edits pages and the landing copy; someone else publishes',
      permissions: JSON.stringify(['access_admin', 'manage_pages']),
      created_at: now,
      updated_at: now,
    },
  ])
  .execute();
for (const [key, account] of Object.entries(ACCOUNTS)) {
  await createUser({ email: account.email, name: key[0]!.toUpperCase() + key.slice(1), password: TEST_PASSWORD, roleId: account.role });
}
await closeDatabase();
console.log(`Prepared ${E2E_DATA_DIR} for the end-to-end tests.`);
