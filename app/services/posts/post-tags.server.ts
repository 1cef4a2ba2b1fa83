import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { slugify } from '#app/lib/slug.ts';

/** The slugs a post's tags are found by in the tag archives (`/blog/tag/{slug}`), each once; a tag with no letter or digit has none. */
export function tagSlugs(tags: readonly string[]): string[] {
  return [...new Set(tags.map(slugify).filter(Boolean))];
}

/** Makes `post_tags` hold exactly the slugs of `tags` for the post (in the write's transaction, with its `tags` column). */
export async function linkTags(trx: Kysely<Database>, postId: string, tags: readonly string[]): Promise<void> {
  await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
  const slugs = tagSlugs(tags);
  if (slugs.length)
    await trx
      .insertInto('post_tags')
      .values(slugs.map((slug) => ({ slug, post_id: postId })))
      .execute();
}
