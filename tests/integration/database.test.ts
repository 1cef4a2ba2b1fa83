import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { migrateToLatest } from '#app/db/migrate.server.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { testDialects } from '#tests/support/databases.ts';

const page = (slug: string, status: 'draft' | 'published' | 'trash' = 'draft') => ({
  id: newId(),
  title: slug,
  slug,
  content: 'x',
  status,
  meta_description: '',
  meta_keywords: '',
  og_image: null,
  publish_date: null,
  version: 1,
  created_at: nowIso(),
  updated_at: nowIso(),
});

describe.each(testDialects)('database on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('migrating again applies nothing', async () => {
    expect(await migrateToLatest(getDb())).toEqual([]);
  });

  it('keeps slugs unique among pages that are not in the trash', async () => {
    const db = getDb();
    await db.insertInto('pages').values(page('unique-one', 'trash')).execute();
    await db.insertInto('pages').values(page('unique-one', 'trash')).execute();
    await db.insertInto('pages').values(page('unique-one', 'draft')).execute();
    await expect(db.insertInto('pages').values(page('unique-one', 'published')).execute()).rejects.toThrow();
  });

  it('rolls a failed write transaction back entirely', async () => {
    const db = getDb();
    await expect(
      writeTransaction(async (trx) => {
        await trx.insertInto('pages').values(page('rolled-back')).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.selectFrom('pages').select('id').where('slug', '=', 'rolled-back').execute()).toEqual([]);
    await writeTransaction((trx) => trx.insertInto('pages').values(page('committed')).execute());
    expect(await db.selectFrom('pages').select('id').where('slug', '=', 'committed').execute()).toHaveLength(1);
  });

  it('enforces foreign keys', async () => {
    await expect(getDb().insertInto('post_categories').values({ post_id: 'missing', category_id: 'missing' }).execute()).rejects.toThrow();
  });
});
