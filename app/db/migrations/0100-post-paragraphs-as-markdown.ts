import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.

/** A line of its own, not already followed by an empty line: each such line was its own paragraph. */
const SINGLE_LINE_BREAK = /([^\n])\n(?=[^\n])/g;

/**
 * Posts used to show each line of their content as its own paragraph; they are now Markdown like pages
 * (docs/decisions/025), where a single line break joins two lines into one paragraph. Each single line
 * break becomes an empty line, so every existing post keeps the paragraphs it had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const posts = db as unknown as Kysely<{ blog_posts: { id: string; content: string } }>;
  const rows = await posts.selectFrom('blog_posts').select(['id', 'content']).where('content', 'like', '%\n%').execute();
  for (const row of rows) {
    const content = row.content.replace(/\r\n?/g, '\n').replace(SINGLE_LINE_BREAK, '$1\n\n');
    if (content !== row.content) await posts.updateTable('blog_posts').set({ content }).where('id', '=', row.id).execute();
  }
}

export async function down(): Promise<void> {
  // Paragraphs split by empty lines read the same under the old rule: nothing to undo.
}
