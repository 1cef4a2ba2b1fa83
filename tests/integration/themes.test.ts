import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { themeVariablesCss } from '#app/lib/theme/css.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { pruneRevisions } from '#app/services/revisions/revision-retention.server.ts';
import { renderSectionHtml } from '#app/services/themes/section-html.server.ts';
import { listRevisions, restoreRevision } from '#app/services/themes/theme-history.server.ts';
import { uploadTheme } from '#app/services/themes/theme-upload.server.ts';
import {
  activateTheme,
  createThemeFromPreset,
  deleteTheme,
  exportTheme,
  getActiveTheme,
  getTheme,
  listThemes,
  saveTheme,
} from '#app/services/themes/themes.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

const file = (name: string, value: unknown) => ({
  name,
  bytes: new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value)),
});
const activeIds = async () => (await getDb().selectFrom('themes').select('id').where('is_active', '=', 1).execute()).map((row) => row.id);
const themeCount = async () => (await listThemes()).length;

describe.each(testDialects)('themes on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('seeds Default Light (active) and Modern Dark, with settings that match their styles', async () => {
    const themes = await listThemes();
    expect(themes.map((theme) => [theme.id, theme.name, theme.isActive])).toEqual([
      ['default', 'Default Light', true],
      ['modern-dark', 'Modern Dark', false],
    ]);
    expect(themeVariablesCss(themes[0]!.settings)).toContain('--theme-primary-color:#3B82F6');
    expect(themes[0]!.settings.primaryColor).toBe('#3B82F6');
    expect(themes[1]!.settings).toMatchObject({ backgroundColor: '#111827', h1Size: 48, contentWidth: 1200 });
    expect((await getActiveTheme())!.id).toBe('default');
  });

  it('creates from a preset, activates exactly one theme, and clears the public cache on each write', async () => {
    let before = cacheGeneration();
    const created = await createThemeFromPreset(ADMIN, { name: 'Night Shift', preset: 'dark' });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.id).toMatch(/^theme-\d+$/);
    expect(cacheGeneration()).toBe(before + 1);
    const theme = (await getTheme(created.id))!;
    expect(theme).toMatchObject({ name: 'Night Shift', isActive: false, version: 1 });
    expect(theme.settings).toMatchObject({
      primaryColor: '#2a85ff',
      h1Size: 48,
      h2Size: 36,
      h3Size: 30,
      lineHeight: 1.6,
      sectionSpacing: 80,
    });

    before = cacheGeneration();
    expect(await activateTheme(ADMIN, created.id)).toEqual({ ok: true, name: 'Night Shift' });
    expect(await activeIds()).toEqual([created.id]);
    expect(cacheGeneration()).toBe(before + 1);
    expect(await activateTheme(ADMIN, 'modern-dark')).toEqual({ ok: true, name: 'Modern Dark' });
    expect(await activeIds()).toEqual(['modern-dark']);
    expect(await activateTheme(ADMIN, 'no-such-theme')).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await activeIds()).toEqual(['modern-dark']);
  });

  it('the database itself refuses two active themes', async () => {
    await expect(getDb().updateTable('themes').set({ is_active: 1 }).execute()).rejects.toThrow();
    expect((await activeIds()).length).toBe(1);
  });

  it('never deletes the default theme; deleting the active theme makes the default active', async () => {
    expect(await deleteTheme(ADMIN, 'default')).toMatchObject({ ok: false, reason: 'forbidden', message: "Can't delete default theme" });
    const made = await createThemeFromPreset(ADMIN, { name: 'Short Lived', preset: 'default' });
    if (!made.ok) throw new Error('not created');
    await activateTheme(ADMIN, made.id);
    const before = cacheGeneration();
    expect(await deleteTheme(ADMIN, made.id)).toEqual({ ok: true, name: 'Short Lived', activated: 'default' });
    expect(await activeIds()).toEqual(['default']);
    expect(cacheGeneration()).toBe(before + 1);
    expect(await getTheme(made.id)).toBeNull();
    expect(
      await getDb().selectFrom('revisions').select('id').where('item_kind', '=', 'theme').where('item_id', '=', made.id).execute(),
    ).toEqual([]);
  });

  it('saves with a version check: the second save made on the same version is a conflict, nothing overwritten', async () => {
    const theme = (await getTheme('modern-dark'))!;
    const edit = {
      name: theme.name,
      version: theme.version,
      settings: { ...theme.settings, primaryColor: '#ff6600' },
      sections: theme.sections,
    };
    const first = await saveTheme(ADMIN, theme.id, edit);
    expect(first).toEqual({ ok: true, version: theme.version + 1 });
    const before = cacheGeneration();
    const second = await saveTheme(ADMIN, theme.id, { ...edit, settings: { ...theme.settings, primaryColor: '#00ff00' } });
    expect(second).toMatchObject({ ok: false, reason: 'conflict' });
    expect(cacheGeneration()).toBe(before);
    const stored = (await getTheme(theme.id))!;
    expect(stored.settings.primaryColor).toBe('#ff6600');
    expect(themeVariablesCss(stored.settings)).toContain('--theme-primary-color:#ff6600');
  });

  it('refuses bad saves with a message per field and changes nothing', async () => {
    const theme = (await getTheme('modern-dark'))!;
    const base = { name: theme.name, version: theme.version, settings: theme.settings, sections: theme.sections };
    const escape = await saveTheme(ADMIN, theme.id, {
      ...base,
      sections: { ...theme.sections, hero: { ...theme.sections.hero, css: '} body { display: none } {' } },
    });
    expect(escape).toMatchObject({
      ok: false,
      reason: 'invalid',
      fieldErrors: { 'sections.hero.css': [expect.stringMatching(/closes a block/)] },
    });
    const imports = await saveTheme(ADMIN, theme.id, {
      ...base,
      sections: { ...theme.sections, hero: { ...theme.sections.hero, css: '@import url(https://evil.example/x.css);' } },
    });
    expect(imports).toMatchObject({ ok: false, reason: 'invalid' });
    const template = await saveTheme(ADMIN, theme.id, {
      ...base,
      sections: { ...theme.sections, services: { ...theme.sections.services, html: '{{#items}}<p>{{title}}</p>' } },
    });
    expect(template).toMatchObject({
      ok: false,
      reason: 'invalid',
      fieldErrors: { 'sections.services.html': [expect.stringMatching(/not a valid template/)] },
    });
    expect((await getTheme(theme.id))!.version).toBe(theme.version);
  });

  it('refuses section CSS that leaves its section or loads other stylesheets, in a save and in an upload, with the reason', async () => {
    const theme = (await getTheme('modern-dark'))!;
    const count = await themeCount();
    const attacks = [
      ['h1{background:url(a{)}} body{display:none} h1{color:red}', /closes a block it never opened/],
      ['@\\69mport url(https://evil.example/x.css);', /may use only the at-rules @media and @supports/],
      [
        '@font-face { font-family: x; src: url(https://evil.example/f.woff2) }',
        /may use only the at-rules @media and @supports, not @font-face/,
      ],
    ] as const;
    for (const [css, reason] of attacks) {
      const saved = await saveTheme(ADMIN, theme.id, {
        name: theme.name,
        version: theme.version,
        settings: theme.settings,
        sections: { ...theme.sections, hero: { ...theme.sections.hero, css } },
      });
      expect(saved, css).toMatchObject({
        ok: false,
        reason: 'invalid',
        fieldErrors: { 'sections.hero.css': [expect.stringMatching(reason)] },
      });
      const uploaded = await uploadTheme(ADMIN, file('attack.json', { sections: { hero: { css } } }));
      expect(uploaded.ok, css).toBe(false);
      if (!uploaded.ok && uploaded.reason === 'invalid') expect(uploaded.fieldErrors.file![0]).toMatch(reason);
    }
    expect((await getTheme(theme.id))!.version).toBe(theme.version);
    expect(await themeCount()).toBe(count);
  });

  it('keeps every save until pruned, never prunes the original version, and restores one as a new save', async () => {
    let theme = (await getTheme('modern-dark'))!;
    const firstColor = theme.settings.primaryColor;
    const firstVersion = theme.version;
    for (let i = 0; i < 22; i++) {
      const saved = await saveTheme(ADMIN, theme.id, {
        name: theme.name,
        version: theme.version,
        settings: { ...theme.settings, primaryColor: `#0000${(i + 10).toString(16).padStart(2, '0')}` },
        sections: theme.sections,
      });
      if (!saved.ok) throw new Error('save failed');
      theme = (await getTheme(theme.id))!;
    }
    // Every save is kept until the pruning job runs; the shipped theme is kept as its original version.
    const everySave = await listRevisions(theme.id);
    expect(everySave[0]!.version).toBe(theme.version);
    expect(everySave.at(-1)).toMatchObject({ version: 1 });
    expect(everySave.length).toBeGreaterThanOrEqual(23);
    await pruneRevisions(20);
    const revisions = await listRevisions(theme.id);
    expect(revisions).toHaveLength(21);
    expect(revisions[0]!.version).toBe(theme.version);
    expect(revisions.at(-1)).toMatchObject({ version: 1 });
    expect(revisions.some((revision) => revision.version === firstVersion)).toBe(false);
    const older = revisions[5]!;
    const restored = await restoreRevision(ADMIN, theme.id, older.id, theme.version);
    expect(restored).toEqual({ ok: true, version: theme.version + 1 });
    const after = (await getTheme(theme.id))!;
    expect(after.settings.primaryColor).toBe(`#0000${(22 - 6 + 10).toString(16).padStart(2, '0')}`);
    expect(after.settings.primaryColor).not.toBe(firstColor);
    expect(await restoreRevision(ADMIN, theme.id, older.id, theme.version)).toMatchObject({ ok: false, reason: 'conflict' });
  });

  it('uploads a theme file as Export writes it, and a bare styles object; the round trip keeps the theme', async () => {
    const source = (await getTheme('modern-dark'))!;
    const exported = await exportTheme(source.id);
    if (!exported.ok) throw new Error('export failed');
    expect(exported.fileName).toBe('Modern-Dark.json');
    const uploaded = await uploadTheme(ADMIN, { name: exported.fileName, bytes: new TextEncoder().encode(exported.json) });
    expect(uploaded).toMatchObject({ ok: true, name: 'Modern-Dark' });
    if (!uploaded.ok) return;
    const copy = (await getTheme(uploaded.id))!;
    expect(copy).toMatchObject({ description: 'Uploaded theme', isActive: false });
    expect(copy.settings).toEqual(source.settings);
    expect(copy.sections).toEqual(source.sections);

    const bare = await uploadTheme(
      ADMIN,
      file('Sunrise.json', {
        colors: { primary: 'rgb(255, 100, 0)', background: 'ivory' },
        fonts: { heading: 'serif' },
        extra: { ignored: true },
      }),
    );
    expect(bare).toMatchObject({ ok: true, name: 'Sunrise' });
    if (!bare.ok) return;
    const sunrise = (await getTheme(bare.id))!;
    expect(sunrise.settings).toMatchObject({
      primaryColor: 'rgb(255, 100, 0)',
      backgroundColor: 'ivory',
      headingsFont: 'serif',
      bodyFont: 'Inter',
    });
    expect(JSON.stringify(sunrise)).not.toContain('ignored');
  });

  it("uploads an older export: its styles fill what its settings leave out, its section CSS names today's variables", async () => {
    const uploaded = await uploadTheme(
      ADMIN,
      file('Older.json', {
        name: 'Older',
        styles: {
          colors: { primary: '#123456', background: '#fefefe' },
          fonts: { heading: 'serif', body: 'Inter' },
          spacing: { containerPadding: '1.5rem', sectionSpacing: '40px' },
        },
        settings: { backgroundColor: '#ffffff' },
        sections: {
          hero: {
            css: '.theme-button { background: var(--site-primary-strong); color: var(--site-on-primary); gap: var(--site-muted-x) }',
          },
        },
      }),
    );
    if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
    const older = (await getTheme(uploaded.id))!;
    expect(older.settings).toMatchObject({
      primaryColor: '#123456',
      backgroundColor: '#ffffff',
      headingsFont: 'serif',
      containerPadding: 24,
      sectionSpacing: 40,
    });
    expect(older.sections.hero.css).toBe(
      '.theme-button { background: var(--theme-primary-strong); color: var(--theme-on-primary); gap: var(--site-muted-x) }',
    );
    const exported = await exportTheme(older.id);
    if (!exported.ok) throw new Error('export failed');
    expect(Object.keys(JSON.parse(exported.json))).toEqual(['name', 'description', 'settings', 'sections']);
  });

  it('refuses bad files with the spec messages and the field at fault, storing nothing', async () => {
    const count = await themeCount();
    const before = cacheGeneration();
    const cases: [ReturnType<typeof file>, string | RegExp][] = [
      [file('broken.json', '{"styles": '), 'Invalid theme file format'],
      [file('list.json', '[1, 2]'), 'Invalid theme file format'],
      [file('theme.txt', '{}'), 'Invalid theme file format'],
      [{ name: 'binary.json', bytes: new Uint8Array([0xff, 0xfe, 0x00, 0x7b]) }, 'Failed to upload theme'],
      [
        file('evil.json', { styles: { colors: { primary: 'red;}</style><script>alert(1)</script>' } } }),
        /^Invalid theme file format: styles\.colors\.primary must be a CSS colour/,
      ],
      [file('font.json', { settings: { bodyFont: 'Comic Sans MS' } }), /settings\.bodyFont must be one of the installed fonts/],
      [file('huge.json', { settings: { h1Size: 9000 } }), /settings\.h1Size must be between 16 and 120/],
      [file('big.json', { styles: {}, padding: 'x'.repeat(300 * 1024) }), 'Theme file must be at most 256 KB.'],
      [file('css.json', { sections: { hero: { css: '} * { display:none }' } } }), /sections\.hero\.css/],
    ];
    for (const [input, message] of cases) {
      const result = await uploadTheme(ADMIN, input);
      expect(result.ok, input.name).toBe(false);
      if (!result.ok && result.reason === 'invalid') {
        if (typeof message === 'string') expect(result.fieldErrors.file).toEqual([message]);
        else expect(result.fieldErrors.file![0]).toMatch(message);
      }
    }
    expect(await themeCount()).toBe(count);
    expect(cacheGeneration()).toBe(before);
  });

  it('reports stored theme data that cannot be read instead of failing, with defaults in its place', async () => {
    await getDb().updateTable('themes').set({ data: '{not json' }).where('id', '=', 'modern-dark').execute();
    const theme = (await getTheme('modern-dark'))!;
    expect(theme.dataError).toBe(true);
    expect(theme.sections.hero.html).toBe('');
  });
});

describe('section HTML', () => {
  it('renders a logic-less template over the content and strips scripts, handlers and javascript: URLs', () => {
    const html = renderSectionHtml(
      '<h1 onclick="steal()">{{title}}</h1><ul>{{#items}}<li>{{title}}</li>{{/items}}</ul><a href="javascript:alert(1)">x</a><script>alert(1)</script><img src="/media/a.png" onerror="x()">{{{raw}}}',
      {
        title: 'Hello <b>you</b>',
        items: [{ title: 'One' }, { title: 'Two' }],
        raw: '<iframe src="https://evil.example"></iframe><p style="color:red">kept</p>',
      },
    );
    expect(html).toContain('<h1>Hello &lt;b&gt;you&lt;/b&gt;</h1>');
    expect(html).toContain('<li>One</li><li>Two</li>');
    expect(html).not.toMatch(/onclick|onerror|javascript:|<script|<iframe|style=/);
    expect(html).toContain('<img src="/media/a.png" />');
    expect(html).toContain('<p>kept</p>');
  });
});

describe.each(testDialects)('theme audit events on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('records who activated and who deleted a theme', async () => {
    const created = await createThemeFromPreset(ADMIN, { name: 'Audited', preset: 'default' });
    if (!created.ok) throw new Error('not created');
    const user = await makeActor('administrator', 'Ada');
    expect((await activateTheme(user, created.id)).ok).toBe(true);
    expect((await deleteTheme(user, created.id)).ok).toBe(true);
    const entries = await getDb()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_id', 'target_label'])
      .where('target_type', '=', 'theme')
      .where('target_id', '=', created.id)
      .orderBy('action')
      .execute();
    expect(entries).toEqual([
      { action: 'theme.activated', actor_id: user.id, target_id: created.id, target_label: 'Audited' },
      { action: 'theme.created', actor_id: ADMIN.id, target_id: created.id, target_label: 'Audited' },
      { action: 'theme.deleted', actor_id: user.id, target_id: created.id, target_label: 'Audited' },
    ]);
    expect(await activeIds()).toEqual(['default']);
  });
});
