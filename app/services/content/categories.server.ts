import { sql } from 'kysely';
import { getDb } from '#app/db/client.server.ts';
import { type Actor } from '#app/lib/content-permissions.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { FORBIDDEN, type WriteResult } from './results.ts';
import { isUniqueViolation } from './unique-violation.server.ts';
import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';

export interface Category {
  id: string;
  name: string;
}

export async function listCategories(): Promise<Category[]> {
  return getDb().selectFrom('categories').select(['id', 'name']).orderBy('name').execute();
}

/** Adds a category (name already trimmed and non-empty); a name that exists in any letter case is refused. */
export async function addCategory(actor: Actor, name: string): Promise<WriteResult<{ category: Category }>> {
  if (!hasPermission(actor, 'manage_posts') && !hasPermission(actor, 'publish_posts')) return FORBIDDEN;
  const duplicate = { ok: false, reason: 'invalid', field: 'categories', message: `The category “${name}” already exists.` } as const;
  const existing = await getDb().selectFrom('categories').select('id').where(sql<boolean>`lower(name) = lower(${name})`).executeTakeFirst();
  if (existing) return duplicate;
  const category = { id: newId(), name };
  try {
    await getDb().insertInto('categories').values({ ...category, created_at: nowIso() }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return duplicate;
    throw error;
  }
  invalidatePublicCache();
  return { ok: true, category };
}
