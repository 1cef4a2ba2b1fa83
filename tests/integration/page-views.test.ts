import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { trendLabel } from '#app/lib/trend.ts';
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
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

const HOUR = 3600_000;

describe.each(testDialects)('dashboard figures on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());
  beforeEach(() => getDb().deleteFrom('page_views').execute());

  it('counts views per path and hour in memory, writes them in one flush, and compares with the period before', async () => {
    const now = Date.now();
    for (let i = 0; i < 3; i++) recordPageView('/', now);
    recordPageView('/about', now);
    recordPageView('/about', now - 2 * HOUR);
    // Last week: in the previous 7-day period, not in this one.
    recordPageView('/', now - 8 * 24 * HOUR);
    await flushPageViews();
    recordPageView('/', now);
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
    expect((await activateTheme('modern-dark', { id: ada.id, name: 'Ada Admin' })).ok).toBe(true);
    expect((await listNotifications(otto)).map((n) => n.message)).toContain('Ada Admin activated the Modern Dark theme');
    expect((await listNotifications(ada)).map((n) => n.message)).not.toContain('Ada Admin activated the Modern Dark theme');
    await activateTheme('default', { id: ada.id, name: 'Ada Admin' });
  });
});
