import { type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { containsText } from '#app/db/text-search.ts';

/** Posts whose title or content contains `term`, ignoring case (spec 5). */
export function postSearchCondition(term: string) {
  return (eb: ExpressionBuilder<Database, 'blog_posts'>): Expression<SqlBool> => eb.or([containsText('title', term), containsText('content', term)]);
}
