import { sql } from 'kysely';

import { newId, nowIso } from '#app/lib/ids.ts';
import { ALREADY } from '#app/lib/import-report.ts';
import { publicWrite } from '#app/services/public-write.server.ts';

import { plainText } from '../wordpress-content.server.ts';
import type { WpTerm } from '../wxr-items.ts';
import { clip, type ImportRun, ItemFailure } from './run-context.server.ts';

/** Categories: one level in Atelier, so a child category is imported beside its parent. */
export async function importCategories(run: ImportRun, categories: WpTerm[]): Promise<void> {
  for (const category of categories) {
    run.report.types.categories.found++;
    const name = clip(plainText(category.name), 100);
    await run.attempt('categories', `category ${name || category.slug}`, async () => {
      if (!category.slug || !name) throw new ItemFailure('it has no slug or no name');
      const known = await run.mapped('category', category.slug);
      if (known) {
        run.categoryBySlug.set(category.slug, known);
        return { skipped: ALREADY };
      }
      const existing = await run.db
        .selectFrom('categories')
        .select('id')
        .where(sql<boolean>`lower(name) = lower(${name})`)
        .executeTakeFirst();
      const id = existing?.id ?? newId();
      run.categoryBySlug.set(category.slug, id);
      if (category.parent) run.note(`category ${name}`, `a sub-category of “${category.parent}” in WordPress, a category of its own here`);
      if (run.dryRun) return existing ? { skipped: 'a category of that name is already here (used as it is)' } : 'imported';
      await publicWrite(async (trx) => {
        if (!existing) await trx.insertInto('categories').values({ id, name, created_at: nowIso() }).execute();
        await run.remember(trx, 'category', category.slug, id);
      });
      return existing ? { skipped: 'a category of that name is already here (used as it is)' } : 'imported';
    });
  }
}

/** Tags: words on posts, so only their names are kept. */
export async function importTags(run: ImportRun, tags: WpTerm[]): Promise<void> {
  for (const tag of tags) {
    run.report.types.tags.found++;
    const name = clip(plainText(tag.name), 100);
    await run.attempt('tags', `tag ${name || tag.slug}`, async () => {
      if (!tag.slug || !name) throw new ItemFailure('it has no slug or no name');
      run.tagBySlug.set(tag.slug, name);
      if (await run.mapped('tag', tag.slug)) return { skipped: ALREADY };
      if (!run.dryRun) await publicWrite((trx) => run.remember(trx, 'tag', tag.slug, name));
      return 'imported';
    });
  }
}
