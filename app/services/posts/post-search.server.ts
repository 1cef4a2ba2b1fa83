import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';

import { getDb, getDialect } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { containsText } from '#app/db/text-search.ts';

/** FTS5's trigram index answers terms of three characters or more; shorter ones are scanned. */
const TRIGRAM = 3;
/** Past this many matching posts a term counts as common (see below). */
const COMMON_TERM_MATCHES = 1000;

type Condition = (eb: ExpressionBuilder<Database, 'blog_posts'>) => Expression<SqlBool>;

/**
 * Posts whose title or content contains `term`, ignoring case (docs/product.md, Validation messages).
 *
 * PostgreSQL: a LIKE on lower(title) / lower(content), served by the pg_trgm indexes of
 * migration 0003 when the extension exists; its planner picks between them and the
 * newest-first index by itself. But when the list is already narrowed (categories, one
 * author), its estimate for a common word is far off (16 rows for 48,000) and it scans the
 * trigram index over the whole table; there the same test is written with strpos, which no
 * index serves, so it runs on the few posts the narrowing leaves (80 ms → a few ms at 50,000).
 *
 * SQLite: a term of three characters or more is looked up in the FTS5 trigram index (a
 * quoted phrase of trigrams is exactly "contains"). SQLite's planner cannot tell a rare term
 * from a common one, so we ask the index first (reading at most 1,000 matches, about a
 * millisecond): a rare term fetches its matches and sorts them; for a common one the count
 * still reads the match list (it stops at the cap), but the screen of posts walks the
 * newest-first index and checks each post against the FTS index, stopping after one screen.
 * Hence two conditions, with the same meaning: one for counting, one for the screen.
 * When the list is already narrowed (by categories or to one author) a common term is
 * simply checked with LIKE on the few posts the narrowing leaves.
 */
export async function postSearchCondition(
  term: string,
  options: { narrowed: boolean },
): Promise<{ forCount: Condition; forItems: Condition }> {
  const contains: Condition = (eb) => eb.or([containsText('title', term), containsText('content', term)]);
  if (getDialect() === 'postgres') {
    if (!options.narrowed) return { forCount: contains, forItems: contains };
    const scan: Condition = () => sql<SqlBool>`(strpos(lower(title), lower(${term})) > 0 or strpos(lower(content), lower(${term})) > 0)`;
    return { forCount: scan, forItems: scan };
  }
  if ([...term].length < TRIGRAM) return { forCount: contains, forItems: contains };
  const phrase = `"${term.replace(/"/g, '""')}"`;
  const probe = await sql<{
    matches: number;
  }>`select count(*) as matches from (select rowid from blog_posts_search where blog_posts_search match ${phrase} limit ${COMMON_TERM_MATCHES})`.execute(
    getDb(),
  );
  const inMatches: Condition = () =>
    sql<SqlBool>`blog_posts.rowid in (select rowid from blog_posts_search where blog_posts_search match ${phrase})`;
  if (Number(probe.rows[0]?.matches ?? 0) < COMMON_TERM_MATCHES) return { forCount: inMatches, forItems: inMatches };
  if (options.narrowed) return { forCount: contains, forItems: contains };
  const probeEach: Condition = () =>
    sql<SqlBool>`exists (select 1 from blog_posts_search s where s.blog_posts_search match ${phrase} and s.rowid = blog_posts.rowid)`;
  return { forCount: inMatches, forItems: probeEach };
}
