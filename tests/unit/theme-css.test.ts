import { describe, expect, it } from 'vitest';

import { contrastRatio, ensureContrast } from '#app/lib/color-contrast.ts';
import { themeCss } from '#app/lib/theme-css.ts';

describe('theme CSS variables', () => {
  it('turns the active theme into custom properties', () => {
    const css = themeCss({
      colors: { primary: '#3B82F6', secondary: '#10B981', background: '#FFFFFF', text: '#1F2937', headings: '#111827' },
      fonts: { heading: 'Poppins', body: 'Inter' },
      spacing: { containerPadding: '2rem', sectionSpacing: '4rem' },
    });
    expect(css).toContain('--site-primary:#3B82F6');
    expect(css).toContain("--site-font-heading:'Poppins'");
    expect(css).toContain('--site-section-spacing:4rem');
  });

  it('keeps text readable: strong variants reach 4.5:1 on light and dark backgrounds', () => {
    expect(contrastRatio(ensureContrast('#3B82F6', '#FFFFFF'), '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ensureContrast('#60A5FA', '#111827'), '#111827')).toBeGreaterThanOrEqual(4.5);
    expect(ensureContrast('#111827', '#FFFFFF')).toBe('#111827');
  });

  it('refuses values that could break out of the style element', () => {
    const css = themeCss({
      colors: { primary: 'red}</style><script>', secondary: '#10B981', background: '#FFFFFF', text: '#000', headings: '#000' },
    } as never);
    expect(css).not.toContain('</style>');
    expect(css).toContain('--site-primary:#3B82F6');
  });
});
