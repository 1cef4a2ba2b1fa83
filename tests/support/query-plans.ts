import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from 'kysely';

import { getDb, getDialect, setDatabase } from '#app/db/client.server.ts';
import type { DatabaseHandle } from '#app/db/dialect.server.ts';

/**
 * Runs `work` with every query it makes recorded, then returns each select's plan (SQLite's EXPLAIN QUERY PLAN, or
 * PostgreSQL's EXPLAIN with sequential scans and sorts discouraged, so that the plan shows whether an index can serve the
 * query whatever the planner prefers on a small table) as text. The handle is the current database's. `asPlanned`:
 * PostgreSQL's own choice, nothing discouraged (where the choice itself is what is checked).
 */
export async function plansOf(
  handle: DatabaseHandle,
  work: () => Promise<unknown>,
  options: { asPlanned?: boolean } = {},
): Promise<{ sql: string; plan: string }[]> {
  const nodes: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.push(args.node);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  setDatabase({ ...handle, db: handle.db.withPlugin(recorder) });
  try {
    await work();
  } finally {
    setDatabase(handle);
  }
  const postgres = getDialect() === 'postgres';
  const discourage = postgres && !options.asPlanned;
  // One connection, so that PostgreSQL's setting holds for every EXPLAIN.
  return getDb()
    .connection()
    .execute(async (db) => {
      if (discourage) await sql`set enable_seqscan = off; set enable_sort = off; set enable_incremental_sort = off`.execute(db);
      try {
        const plans: { sql: string; plan: string }[] = [];
        for (const node of nodes) {
          if (node.kind !== 'SelectQueryNode') continue;
          const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' });
          const prefix = postgres ? 'explain ' : 'explain query plan ';
          const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
          plans.push({ sql: compiled.sql, plan: result.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n') });
        }
        return plans;
      } finally {
        if (discourage) await sql`reset enable_seqscan; reset enable_sort; reset enable_incremental_sort`.execute(db);
      }
    });
}
