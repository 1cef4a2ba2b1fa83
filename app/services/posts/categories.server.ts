import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { canManagePosts } from '#app/lib/content-permissions.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { isUniqueViolation } from '#app/services/content/unique-violation.server.ts';
import { forbidden, invalid, type Result } from '#app/services/failures.ts';
import { publicWrite } from '#app/services/public-write.server.ts';

export interface Category {
  id: string;
  name: string;
}

export async function listCategories(): Promise<Category[]> {
  return getDb().selectFrom('categories').select(['id', 'name']).orderBy('name').execute();
}

/** Adds a category (name already trimmed and non-empty); a name that exists in any letter case is refused. */
export async function addCategory(actor: Actor, name: string): Promise<Result<{ category: Category }>> {
  if (!canManagePosts(actor)) return forbidden();
  const duplicate = invalid({ categories: `The category “${name}” already exists.` });
  const existing = await getDb()
    .selectFrom('categories')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .executeTakeFirst();
  if (existing) return duplicate;
  const category = { id: newId(), name };
  try {
    return await publicWrite(async (trx) => {
      await trx
        .insertInto('categories')
        .values({ ...category, created_at: nowIso() })
        .execute();
      return { ok: true as const, category };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return duplicate;
    throw error;
  }
}
