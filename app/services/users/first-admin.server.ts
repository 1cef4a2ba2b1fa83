import { randomBytes } from 'node:crypto';

import { getDb } from '#app/db/client.server.ts';

import { createUser } from './create-user.server.ts';

/**
 * Creates the first administrator when the database has no user yet.
 * Returns the generated password (to print once) when none was configured.
 */
export async function ensureFirstAdmin(options: {
  email: string;
  password?: string;
}): Promise<{ created: boolean; generatedPassword?: string }> {
  const anyUser = await getDb().selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return { created: false };
  const generatedPassword = options.password ? undefined : randomBytes(18).toString('base64url');
  await createUser({
    email: options.email,
    name: 'Administrator',
    password: options.password ?? generatedPassword!,
    roleId: 'administrator',
    status: 'active',
  });
  return { created: true, generatedPassword };
}
