import type { Insertable } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { newId } from '#app/lib/ids.ts';

/**
 * A post row written straight into the current database, as older code, an import or another process writes it: a
 * published English post with empty SEO fields unless `values` says otherwise. Answers its id.
 */
export async function insertPostRow(
  values: Partial<Insertable<Database['blog_posts']>> & { title: string; slug: string },
): Promise<string> {
  const id = values.id ?? newId();
  const now = new Date().toISOString();
  await getDb()
    .insertInto('blog_posts')
    .values({
      content: 'Body',
      excerpt: '',
      status: 'published',
      featured_image: null,
      author_id: null,
      author_name: 'Tester',
      tags: '[]',
      meta_title: '',
      meta_description: '',
      meta_keywords: '',
      publish_date: null,
      views: 0,
      version: 1,
      created_at: now,
      updated_at: now,
      ...values,
      id,
    })
    .execute();
  return id;
}
