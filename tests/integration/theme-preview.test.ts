import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getSessionCookie } from '#app/http/cookies.server.ts';
import { siteThemeFor } from '#app/http/site-theme.server.ts';
import { createSession } from '#app/services/auth/session-store.server.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { clearThemeDraft, getThemeDraft, saveThemeDraft } from '#app/services/themes/theme-drafts.server.ts';
import { activateTheme } from '#app/services/themes/themes.server.ts';
import { publicCacheKey } from '#server/public/cache-key.ts';
import { actorAs, ADMIN, makeActor, type RoleId } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

async function signedIn(role: RoleId): Promise<{ userId: string; cookie: string }> {
  const actor = await makeActor(role);
  const { token } = await createSession(actor.id);
  return { userId: actor.id, cookie: await getSessionCookie().serialize(token) };
}

const request = (path: string, cookie?: string) => new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe.each(testDialects)('theme preview on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('renders a saved theme for a signed-in administrator only; everyone else sees the active theme', async () => {
    const admin = await signedIn('administrator');
    const editor = await signedIn('editor');
    const asAdmin = await siteThemeFor(request('/blog?theme-preview=modern-dark', admin.cookie));
    expect(asAdmin.theme.id).toBe('modern-dark');
    expect(asAdmin.preview).toEqual({ name: 'Modern Dark', param: 'theme-preview', value: 'modern-dark' });
    expect(asAdmin.theme.settings.backgroundColor).toBe('#111827');
    for (const other of [undefined, editor.cookie, 'atelier_session=forged']) {
      const choice = await siteThemeFor(request('/blog?theme-preview=modern-dark', other));
      expect(choice.theme.id).toBe('default');
      expect(choice.preview).toBeNull();
    }
    expect((await siteThemeFor(request('/?theme-preview=no-such-theme', admin.cookie))).theme.id).toBe('default');
    expect((await siteThemeFor(request('/', admin.cookie))).preview).toBeNull();
  });

  it('keeps one unsaved draft per user, checked like a save, without touching the public cache', async () => {
    const admin = await signedIn('administrator');
    const before = cacheGeneration();
    const saved = await saveThemeDraft(actorAs('administrator', { id: admin.userId }), {
      themeId: 'default',
      name: 'Draft look',
      settings: { primaryColor: '#ff0000' },
      sections: { hero: { css: 'h1 { color: red; }' } },
    });
    expect(saved.ok).toBe(true);
    expect(cacheGeneration()).toBe(before);
    const again = await saveThemeDraft(actorAs('administrator', { id: admin.userId }), {
      themeId: 'default',
      name: 'Draft look 2',
      settings: { primaryColor: '#00ff00' },
      sections: {},
    });
    expect(again.ok).toBe(true);
    const draft = await getThemeDraft(admin.userId);
    expect(draft).toMatchObject({ themeId: 'default', name: 'Draft look 2', settings: { primaryColor: '#00ff00', h1Size: 40 } });
    expect(draft!.sections.hero.css).toBe('');

    const choice = await siteThemeFor(request('/?theme-draft=1', admin.cookie));
    expect(choice.preview).toEqual({ name: 'Draft look 2', param: 'theme-draft', value: '1' });
    expect(choice.theme.settings.primaryColor).toBe('#00ff00');
    // Another administrator has no draft: the active theme.
    const other = await signedIn('administrator');
    expect((await siteThemeFor(request('/?theme-draft=1', other.cookie))).theme.settings.primaryColor).toBe('#3B82F6');
    expect((await siteThemeFor(request('/?theme-draft=1'))).preview).toBeNull();

    const broken = await saveThemeDraft(actorAs('administrator', { id: admin.userId }), {
      themeId: 'default',
      name: 'Broken',
      settings: {},
      sections: { navbar: { css: 'a { color: red;' } },
    });
    expect(broken).toMatchObject({
      ok: false,
      reason: 'invalid',
      fieldErrors: { 'sections.navbar.css': ['The navbar CSS leaves a block open.'] },
    });
    expect(
      await saveThemeDraft(actorAs('administrator', { id: admin.userId }), { themeId: 'gone', name: 'X', settings: {}, sections: {} }),
    ).toMatchObject({
      ok: false,
      reason: 'not-found',
      message: 'No theme selected',
    });
    expect((await getThemeDraft(admin.userId))!.name).toBe('Draft look 2');

    await clearThemeDraft(actorAs('administrator', { id: admin.userId }));
    expect(await getThemeDraft(admin.userId)).toBeNull();
    expect((await siteThemeFor(request('/?theme-draft=1', admin.cookie))).preview).toBeNull();
  });

  it('follows the active theme when no preview is asked for', async () => {
    expect((await activateTheme(ADMIN, 'modern-dark')).ok).toBe(true);
    expect((await siteThemeFor(request('/'))).theme.id).toBe('modern-dark');
    expect((await activateTheme(ADMIN, 'default')).ok).toBe(true);
  });
});

describe('theme preview and the shared HTML cache', () => {
  it('never gives a preview address a cache key', () => {
    const get = (url: string) => ({ method: 'GET', url, headers: {} });
    expect(publicCacheKey(get('/blog'))).not.toBeNull();
    expect(publicCacheKey(get('/blog?theme-preview=modern-dark'))).toBeNull();
    expect(publicCacheKey(get('/?theme-draft=1'))).toBeNull();
  });
});
