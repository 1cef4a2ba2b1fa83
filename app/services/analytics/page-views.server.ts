import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { dayOf, isFirstViewToday, pruneViewVisitors, type Visitor } from '#app/services/analytics/daily-visitors.server.ts';

const DAY_MS = 24 * 3600_000;
/** Views are gathered in memory and written once per this interval. */
const FLUSH_MS = 10_000;
/**
 * A bound on the views held between two writes, each a distinct visitor and page (a visitor's repeat views of a page
 * are one entry): past it, views are dropped until the next write, so a flood can only undercount.
 */
const MAX_PENDING_VIEWS = 10_000;
/** Views are checked and counted in transactions of this many, so one write never holds the database for long. */
const VIEWS_PER_TRANSACTION = 200;

interface PendingView {
  path: string;
  visitor: Visitor;
  at: number;
}
/** The first sighting, since the last write, of each visitor on each page on each (UTC) day. */
const pending = new Map<string, PendingView>();
let timer: ReturnType<typeof setInterval> | null = null;

export function hourOf(time: number): string {
  return new Date(time).toISOString().slice(0, 13);
}

/**
 * Notes a view of `path` by `visitor`, now. Cheap on purpose (it runs on every cache hit): a map lookup; whether it
 * counts — the visitor's first view of the page today, not a robot, within the address's allowance — is decided
 * when the views are written (isFirstViewToday), off the request's path.
 */
export function recordPageView(path: string, visitor: Visitor, now = Date.now()): void {
  const userAgent = visitor.userAgent.slice(0, 512);
  const key = `${Math.floor(now / DAY_MS)}\n${path}\n${visitor.address}\n${userAgent}`;
  if (pending.has(key) || pending.size >= MAX_PENDING_VIEWS) return;
  pending.set(key, { path, visitor: { address: visitor.address, userAgent }, at: now });
  if (!timer) {
    timer = setInterval(
      () => void flushPageViews().catch((error: unknown) => console.error('Could not write page views:', error)),
      FLUSH_MS,
    );
    timer.unref();
  }
}

/** Counts a batch's first views of the day, and adds them to their page and hour (one upsert per hour and path). */
async function writeViews(batch: [string, PendingView][]): Promise<void> {
  await writeTransaction(async (trx) => {
    const views = new Map<string, number>();
    for (const [, { path, visitor, at }] of batch) {
      if (!(await isFirstViewToday(trx, `page:${path}`, visitor, dayOf(new Date(at))))) continue;
      const slot = `${hourOf(at)} ${path}`;
      views.set(slot, (views.get(slot) ?? 0) + 1);
    }
    for (const [slot, count] of views) {
      const space = slot.indexOf(' ');
      await trx
        .insertInto('page_views')
        .values({ hour: slot.slice(0, space), path: slot.slice(space + 1), views: count })
        .onConflict((conflict) => conflict.columns(['hour', 'path']).doUpdateSet({ views: sql<number>`page_views.views + ${count}` }))
        .execute();
    }
  });
}

/** Writes the views noted since the last write. Also called at shutdown and by tests. */
export async function flushPageViews(): Promise<void> {
  if (pending.size === 0) return;
  const batch = [...pending.entries()];
  pending.clear();
  for (let start = 0; start < batch.length; start += VIEWS_PER_TRANSACTION) {
    const part = batch.slice(start, start + VIEWS_PER_TRANSACTION);
    try {
      await writeViews(part);
    } catch (error) {
      // Put the rest back: the next write tries again.
      for (const [key, view] of batch.slice(start)) if (!pending.has(key)) pending.set(key, view);
      throw error;
    }
  }
  await pruneViewVisitors();
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
