import { getDb } from '#app/db/client.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { hashPassword } from '#app/services/auth/password.server.ts';

export class UserInputError extends Error {}

export async function createUser(input: {
  email: string;
  name: string;
  password: string | null;
  roleId: string;
  status?: 'active' | 'inactive' | 'pending';
}): Promise<string> {
  const db = getDb();
  const email = input.email.trim().toLowerCase();
  const role = await db.selectFrom('roles').select('id').where('id', '=', input.roleId).executeTakeFirst();
  if (!role) throw new UserInputError(`Unknown role "${input.roleId}"`);
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) throw new UserInputError(`A user with the email ${email} already exists`);

  const id = newId();
  const now = nowIso();
  await db
    .insertInto('users')
    .values({
      id,
      email,
      name: input.name.trim(),
      password_hash: input.password ? await hashPassword(input.password) : null,
      role_id: input.roleId,
      status: input.status ?? 'active',
      avatar: null,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
