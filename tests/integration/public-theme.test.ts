import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { themeStylesheetPath } from '#app/lib/theme/stylesheet.ts';
import { loader as stylesheet } from '#app/routes/resources/theme-stylesheet.ts';
import { renderThemeSections } from '#app/services/themes/section-html.server.ts';
import { getSiteTheme } from '#app/services/themes/site-theme.server.ts';
import { activateTheme, createThemeFromPreset, getTheme, saveTheme } from '#app/services/themes/themes.server.ts';
import { ADMIN } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

type LoaderArgs = Parameters<typeof stylesheet>[0];
async function fetchStylesheet(path: string) {
  const [, , themeId, version] = path.split('/');
  try {
    return (await stylesheet({
      params: { themeId: decodeURIComponent(themeId!), version: version! },
      request: new Request(`http://localhost${path}`),
    } as unknown as LoaderArgs)) as Response;
  } catch (thrown) {
    return { status: (thrown as { init?: { status?: number } }).init?.status ?? 500 } as Response;
  }
}

describe.each(testDialects)('the active theme on the public site, on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it("serves the active theme's section CSS, scoped, at an address that changes with each save", async () => {
    const created = await createThemeFromPreset(ADMIN, { name: 'Scoped', preset: 'default' });
    if (!created.ok) throw new Error('not created');
    const theme = (await getTheme(created.id))!;
    const saved = await saveTheme(ADMIN, created.id, {
      name: 'Scoped',
      version: theme.version,
      settings: theme.settings,
      sections: { hero: { css: 'h1 { color: rebeccapurple; }', settings: { backgroundColor: '#fafafa', customClasses: 'hero-x' } } },
    });
    expect(saved.ok).toBe(true);
    expect(await fetchStylesheet(themeStylesheetPath({ id: created.id, version: 2 }))).toMatchObject({ status: 404 });

    expect((await activateTheme(ADMIN, created.id)).ok).toBe(true);
    const active = await getSiteTheme();
    expect(active).toMatchObject({ id: created.id, version: 2 });
    const path = themeStylesheetPath(active);
    expect(path).toBe(`/theme/${created.id}/2/sections.css`);
    const response = await fetchStylesheet(path);
    expect(response.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const css = await response.text();
    expect(css).toContain('[data-section="hero"]{background-color:#fafafa}');
    expect(css).toContain('@scope ([data-section="hero"]){:scope{h1{color:rebeccapurple;}}}');
    // An old address still answers, with the current rules, uncached.
    expect((await fetchStylesheet(`/theme/${created.id}/1/sections.css`)).headers.get('Cache-Control')).toBe('no-cache');

    const again = await saveTheme(ADMIN, created.id, { name: 'Scoped', version: 2, settings: theme.settings, sections: {} });
    expect(again.ok).toBe(true);
    expect(themeStylesheetPath(await getSiteTheme())).toBe(`/theme/${created.id}/3/sections.css`);
    expect((await activateTheme(ADMIN, 'default')).ok).toBe(true);
    expect((await getSiteTheme()).id).toBe('default');
  });

  it('renders only the sections whose theme HTML is set, as sanitized templates over their content', async () => {
    const theme = await getSiteTheme();
    const sections = structuredClone(theme.sections);
    sections.services.html =
      '<section><h2>{{title}}</h2><ul>{{#items}}<li onclick="x()">{{title}}</li>{{/items}}</ul><a href="javascript:alert(1)">x</a><script>alert(1)</script></section>';
    const html = renderThemeSections(sections, ['hero', 'services'], {
      services: { title: 'Our <Services>', items: [{ title: 'Web' }, { title: 'Apps' }] },
    });
    expect(Object.keys(html)).toEqual(['services']);
    expect(html.services).toBe('<section><h2>Our &lt;Services&gt;</h2><ul><li>Web</li><li>Apps</li></ul><a>x</a></section>');
  });
});
