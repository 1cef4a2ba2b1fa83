import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { isLanguage, type Language } from '#app/i18n/languages.ts';
import { canManagePosts } from '#app/lib/content-permissions.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { textsPerLanguage } from '#app/lib/texts-per-language.ts';
import { defaultContentLanguage } from '#app/services/content/content-language.server.ts';
import { isUniqueViolation } from '#app/services/content/unique-violation.server.ts';
import { forbidden, invalid, notFound, type Result } from '#app/services/failures.ts';
import { publicWrite } from '#app/services/public-write.server.ts';

export interface Category {
  id: string;
  /** The name in the site's default language. */
  name: string;
  /** The names in the other languages that have one (decision 030); a language without one shows `name`. */
  names: Partial<Record<Language, string>>;
}

/** A category's name in `language`, else its default-language name. */
export const categoryNameIn = (category: { name: string; names: string | null }, language: string) =>
  (isLanguage(language) ? textsPerLanguage(category.names)[language] : undefined) ?? category.name;

export async function listCategories(): Promise<Category[]> {
  const rows = await getDb().selectFrom('categories').select(['id', 'name', 'names']).orderBy('name').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, names: textsPerLanguage(row.names) }));
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
      return { ok: true as const, category: { ...category, names: {} } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return duplicate;
    throw error;
  }
}

/**
 * Names the category `id` in `language`, one of the site's languages other than the default (whose name is `name`):
 * `name` trimmed; empty clears it, so the default name shows again. Another category's name in that language, in any
 * letter case, is refused.
 */
export async function nameCategory(
  actor: Actor,
  input: { id: string; language: string; name: string },
): Promise<Result<{ category: Category }>> {
  if (!canManagePosts(actor)) return forbidden();
  const name = input.name.trim();
  if (!isLanguage(input.language)) return invalid({ language: 'Choose one of the site’s languages.' });
  const language = input.language;
  return publicWrite(async (trx) => {
    if (language === (await defaultContentLanguage(trx)))
      return invalid({ language: 'The default language’s name is the category’s name.' });
    const rows = await trx.selectFrom('categories').select(['id', 'name', 'names']).execute();
    const row = rows.find((candidate) => candidate.id === input.id);
    if (!row) return notFound('This category no longer exists.');
    const taken = rows.some(
      (other) => other.id !== row.id && name && categoryNameIn(other, language).toLocaleLowerCase() === name.toLocaleLowerCase(),
    );
    if (taken) return invalid({ name: `The category “${name}” already exists in that language.` });
    const names = textsPerLanguage(row.names);
    if (name) names[language] = name;
    else delete names[language];
    await trx
      .updateTable('categories')
      .set({ names: JSON.stringify(names) })
      .where('id', '=', row.id)
      .execute();
    return { ok: true as const, category: { id: row.id, name: row.name, names } };
  });
}
