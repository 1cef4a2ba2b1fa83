import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { trendLabel } from '#app/lib/trend.ts';
import { BROWSERS_PER_ADDRESS } from '#app/services/analytics/daily-visitors.server.ts';
import {
  activeStaff,
  flushPageViews,
  pageViewTotals,
  recordPageView,
  titlesOf,
  topPages,
} from '#app/services/analytics/page-views.server.ts';
import { auditEvent } from '#app/services/audit/record-audit.server.ts';
import { listNotifications } from '#app/services/notifications/notifications.server.ts';
import { activateTheme } from '#app/services/themes/themes.server.ts';
import { actorAs, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

const HOUR = 3600_000;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const reader = (n: number, userAgent = FIREFOX) => ({ address: `198.51.100.${n}`, userAgent });

describe.each(testDialects)('dashboard figures on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());
  beforeEach(async () => {
    await getDb().deleteFrom('page_views').execute();
    await getDb().deleteFrom('view_visitors').execute();
    await getDb().deleteFrom('throttles').execute();
  });

  it('counts views per path and hour in memory, writes them in one flush, and compares with the period before', async () => {
    const now = Date.now();
    for (let i = 0; i < 3; i++) recordPageView('/', reader(i), now);
    recordPageView('/about', reader(0), now);
    recordPageView('/about', reader(1), now - 2 * HOUR);
    // Last week: in the previous 7-day period, not in this one.
    recordPageView('/', reader(0), now - 8 * 24 * HOUR);
    await flushPageViews();
    recordPageView('/', reader(3), now);
    await flushPageViews();
    expect(
      await getDb().selectFrom('page_views').select(['path', 'views']).where('path', '=', '/').orderBy('hour', 'desc').execute(),
    ).toEqual([
      { path: '/', views: 4 },
      { path: '/', views: 1 },
    ]);
    expect(await pageViewTotals('7d', now)).toEqual({ current: 6, previous: 1 });
    expect(await pageViewTotals('24h', now)).toEqual({ current: 6, previous: 0 });
    expect(await topPages('7d', 5, now)).toEqual([
      { path: '/', current: 4, previous: 1 },
      { path: '/about', current: 2, previous: 0 },
    ]);
    expect(await titlesOf(['/', '/about', '/blog', '/blog/getting-started-with-web-development', '/nowhere'])).toEqual({
      '/': 'Home',
      '/about': 'About Us',
      '/blog': 'Blog',
      '/blog/getting-started-with-web-development': 'Getting Started with Web Development',
      '/nowhere': '/nowhere',
    });
    expect([trendLabel(4, 1), trendLabel(1, 4), trendLabel(2, 0), trendLabel(0, 0)]).toEqual(['+300%', '-75%', 'New', '0%']);
  });

  // Issue 21, item 8: every anonymous GET was a view, cache hits and robots included.
  it('counts a visitor once per page per day, never a robot, an address as at most 5 browsers, and IPv6 by /64', async () => {
    const now = Date.now();
    for (let i = 0; i < 50; i++) recordPageView('/blog', reader(7), now);
    await flushPageViews();
    // The same visitor again after the views were written: still the one view.
    for (let i = 0; i < 50; i++) recordPageView('/blog', reader(7), now);
    await flushPageViews();
    expect((await pageViewTotals('24h', now)).current).toBe(1);
    for (const robot of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ]) {
      recordPageView('/blog', reader(8, robot), now);
    }
    for (let n = 0; n < 40; n++) recordPageView('/blog', reader(9, `${FIREFOX} build/${n}`), now);
    for (let n = 0; n < 20; n++) recordPageView('/blog', { address: `2001:db8:5:1::${n + 1}`, userAgent: FIREFOX }, now);
    await flushPageViews();
    expect((await pageViewTotals('24h', now)).current).toBe(1 + BROWSERS_PER_ADDRESS + 1);
    // Another page is another count; nothing but hashes is stored.
    recordPageView('/about', reader(7), now);
    await flushPageViews();
    expect((await pageViewTotals('24h', now)).current).toBe(2 + BROWSERS_PER_ADDRESS + 1);
    const stored = JSON.stringify(await getDb().selectFrom('view_visitors').selectAll().execute());
    expect(stored).not.toContain('198.51.100');
    expect(stored).not.toContain('2001:db8');
    expect(stored).not.toContain('Firefox');
  });

  it('active users are the staff who signed in during the period', async () => {
    const ada = await makeActor('administrator', 'Ada');
    const eve = await makeActor('editor', 'Eve');
    const before = (await activeStaff('24h')).current;
    await auditEvent({ actor: { id: ada.id }, action: 'auth.sign_in' });
    await auditEvent({ actor: { id: ada.id }, action: 'auth.sign_in' });
    await auditEvent({ actor: { id: eve.id }, action: 'auth.sign_in_failed' });
    expect((await activeStaff('24h')).current).toBe(before + 1);
  });

  it('activating a theme tells the other administrators', async () => {
    const ada = await makeActor('administrator', 'Ada Admin');
    const otto = await makeActor('administrator', 'Otto Admin');
    expect((await activateTheme(actorAs('administrator', { id: ada.id, name: 'Ada Admin' }), 'modern-dark')).ok).toBe(true);
    expect((await listNotifications(otto)).map((n) => n.message)).toContain('Ada Admin activated the Modern Dark theme');
    expect((await listNotifications(ada)).map((n) => n.message)).not.toContain('Ada Admin activated the Modern Dark theme');
    await activateTheme(actorAs('administrator', { id: ada.id, name: 'Ada Admin' }), 'default');
  });
});
