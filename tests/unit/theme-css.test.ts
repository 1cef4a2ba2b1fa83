import { describe, expect, it } from 'vitest';

import { contrastRatio, ensureContrast } from '#app/lib/theme/color.ts';
import { themeVariablesCss } from '#app/lib/theme/css.ts';
import { DEFAULT_PRESET } from '#app/lib/theme/presets.ts';
import { seedThemes } from '#app/services/startup/seed/themes.ts';

const specLight = seedThemes.find((theme) => theme.id === 'default')!.settings;

describe('theme CSS variables', () => {
  it('turns the active theme into custom properties', () => {
    const css = themeVariablesCss(specLight);
    expect(css).toContain('--theme-primary-color:#3B82F6');
    expect(css).toContain("--theme-headings-font:'Poppins'");
    expect(css).toContain('--theme-section-spacing:64px');
  });

  it('keeps text readable: strong variants reach 4.5:1 on light and dark backgrounds', () => {
    expect(contrastRatio(ensureContrast('#3B82F6', '#FFFFFF'), '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ensureContrast('#60A5FA', '#111827'), '#111827')).toBeGreaterThanOrEqual(4.5);
    expect(ensureContrast('#111827', '#FFFFFF')).toBe('#111827');
  });

  it('refuses values that could break out of the style element', () => {
    const css = themeVariablesCss({ ...specLight, primaryColor: 'red}</style><script>' });
    expect(css).not.toContain('</style>');
    expect(css).toContain(`--theme-primary-color:${DEFAULT_PRESET.primaryColor}`);
  });
});
