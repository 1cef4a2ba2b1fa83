import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';

/** Views are added up in memory and written once per this interval, in one transaction. */
const FLUSH_MS = 10_000;
/** A bound on the distinct paths held between two writes (only paths answered 200 are counted). */
const MAX_PENDING_PATHS = 5000;

const pending = new Map<string, number>();
let timer: ReturnType<typeof setInterval> | null = null;

export function hourOf(time: number): string {
  return new Date(time).toISOString().slice(0, 13);
}

/** Counts one view of `path` now; written to the database by the next flush. */
export function recordPageView(path: string, now = Date.now()): void {
  const key = `${hourOf(now)} ${path}`;
  if (!pending.has(key) && pending.size >= MAX_PENDING_PATHS) return;
  pending.set(key, (pending.get(key) ?? 0) + 1);
  if (!timer) {
    timer = setInterval(
      () => void flushPageViews().catch((error: unknown) => console.error('Could not write page views:', error)),
      FLUSH_MS,
    );
    timer.unref();
  }
}

/** Writes the counted views (one upsert per hour and path). Also called at shutdown and by tests. */
export async function flushPageViews(): Promise<void> {
  if (pending.size === 0) return;
  const batch = [...pending.entries()];
  pending.clear();
  try {
    await writeTransaction(async (trx) => {
      for (const [key, views] of batch) {
        const space = key.indexOf(' ');
        await trx
          .insertInto('page_views')
          .values({ hour: key.slice(0, space), path: key.slice(space + 1), views })
          .onConflict((conflict) => conflict.columns(['hour', 'path']).doUpdateSet({ views: sql<number>`page_views.views + ${views}` }))
          .execute();
      }
    });
  } catch (error) {
    // Put them back: the next flush tries again.
    for (const [key, views] of batch) pending.set(key, (pending.get(key) ?? 0) + views);
    throw error;
  }
}

export const DASHBOARD_PERIOD_HOURS = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30, '90d': 24 * 90 } as const;
export type DashboardPeriod = keyof typeof DASHBOARD_PERIOD_HOURS;

export interface PeriodFigure {
  current: number;
  previous: number;
}

/** The hours [from, to) of the period ending now, and of the one before it. */
function periodBounds(period: DashboardPeriod, now: number) {
  const span = DASHBOARD_PERIOD_HOURS[period] * 3600_000;
  // Whole hours: the current hour counts in the current period.
  const end = now + 3600_000;
  return { current: [hourOf(end - span), hourOf(end)], previous: [hourOf(end - 2 * span), hourOf(end - span)] } as const;
}

async function viewsBetween(from: string, to: string): Promise<number> {
  const row = await getDb()
    .selectFrom('page_views')
    .select((eb) => eb.fn.sum<number>('views').as('total'))
    .where('hour', '>=', from)
    .where('hour', '<', to)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Page views in the period and in the one before it. */
export async function pageViewTotals(period: DashboardPeriod, now = Date.now()): Promise<PeriodFigure> {
  const bounds = periodBounds(period, now);
  const [current, previous] = await Promise.all([viewsBetween(...bounds.current), viewsBetween(...bounds.previous)]);
  return { current, previous };
}

/** The most viewed paths of the period, with their views in the period before. */
export async function topPages(period: DashboardPeriod, limit = 5, now = Date.now()): Promise<({ path: string } & PeriodFigure)[]> {
  const bounds = periodBounds(period, now);
  const db = getDb();
  const top = await db
    .selectFrom('page_views')
    .select(['path', (eb) => eb.fn.sum<number>('views').as('views')])
    .where('hour', '>=', bounds.current[0])
    .where('hour', '<', bounds.current[1])
    .groupBy('path')
    .orderBy('views', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
  if (top.length === 0) return [];
  const before = await db
    .selectFrom('page_views')
    .select(['path', (eb) => eb.fn.sum<number>('views').as('views')])
    .where('hour', '>=', bounds.previous[0])
    .where('hour', '<', bounds.previous[1])
    .where(
      'path',
      'in',
      top.map((row) => row.path),
    )
    .groupBy('path')
    .execute();
  const previous = new Map(before.map((row) => [row.path, Number(row.views)]));
  return top.map((row) => ({ path: row.path, current: Number(row.views), previous: previous.get(row.path) ?? 0 }));
}

/** Staff who signed in during the period (sign-ins in the audit log), and in the one before. */
export async function activeStaff(period: DashboardPeriod, now = Date.now()): Promise<PeriodFigure> {
  const span = DASHBOARD_PERIOD_HOURS[period] * 3600_000;
  const count = async (from: number, to: number) => {
    const row = await getDb()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.count<number>('actor_id').distinct().as('users'))
      .where('action', '=', 'auth.sign_in')
      .where('at', '>=', new Date(from).toISOString())
      .where('at', '<', new Date(to).toISOString())
      .executeTakeFirst();
    return Number(row?.users ?? 0);
  };
  const [current, previous] = await Promise.all([count(now - span, now + 1), count(now - 2 * span, now - span)]);
  return { current, previous };
}

/** What the dashboard calls a path: Home, Blog, or the title of the page or post it shows (else the path). */
export async function titlesOf(paths: string[]): Promise<Record<string, string>> {
  const titles: Record<string, string> = {};
  const postSlugs: string[] = [];
  const pageSlugs: string[] = [];
  for (const path of paths) {
    if (path === '/') titles[path] = 'Home';
    else if (path === '/blog') titles[path] = 'Blog';
    else if (path.startsWith('/blog/')) postSlugs.push(path.slice('/blog/'.length));
    else pageSlugs.push(path.slice(1));
  }
  const db = getDb();
  const [posts, pages] = await Promise.all([
    postSlugs.length ? db.selectFrom('blog_posts').select(['slug', 'title']).where('slug', 'in', postSlugs).execute() : [],
    pageSlugs.length ? db.selectFrom('pages').select(['slug', 'title']).where('slug', 'in', pageSlugs).execute() : [],
  ]);
  for (const post of posts) titles[`/blog/${post.slug}`] = post.title;
  for (const page of pages) titles[`/${page.slug}`] = page.title;
  for (const path of paths) titles[path] ??= path;
  return titles;
}
