import { type RawBuilder, sql } from 'kysely';

/** Escapes LIKE wildcards so a search for "50%" finds that text and nothing else. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Case-insensitive "column contains term", the same on SQLite and PostgreSQL. */
export function containsText(column: string, term: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${likePattern(term)}) escape '\\'`;
}
