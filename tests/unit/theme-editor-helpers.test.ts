import { describe, expect, it } from 'vitest';

import {
  MAX_STEPS,
  MERGE_WINDOW_MS,
  recordChange,
  redoStep,
  startHistory,
  undoStep,
} from '#app/components/admin/theme-editor/use-edit-history.ts';
import { contrastWarning, sectionContrastWarnings, themeContrastWarnings } from '#app/lib/theme/contrast.ts';
import { DEFAULT_SECTION_SETTINGS } from '#app/lib/theme/model.ts';
import { DARK_PRESET, DEFAULT_PRESET } from '#app/lib/theme/presets.ts';

describe('the theme editor history', () => {
  it('undoes and redoes every change in order, and a new change forgets what was undone', () => {
    let h = startHistory('a');
    h = recordChange(h, 'b', 'x', 0);
    h = recordChange(h, 'c', 'y', 1);
    h = undoStep(h);
    expect(h.present).toBe('b');
    h = undoStep(h);
    expect(h.present).toBe('a');
    expect(undoStep(h)).toBe(h);
    h = redoStep(h);
    expect(h.present).toBe('b');
    h = recordChange(h, 'd', undefined, 2);
    expect(h.future).toEqual([]);
    expect(redoStep(h)).toBe(h);
    expect(h.past).toEqual(['a', 'b']);
  });

  it('merges a run of edits to one field into one step, but not across fields or after a pause', () => {
    let h = startHistory('');
    h = recordChange(h, 'r', 'name', 0);
    h = recordChange(h, 're', 'name', 100);
    h = recordChange(h, 'red', 'name', 200);
    expect(h.past).toEqual(['']);
    h = recordChange(h, 'red!', 'name', 200 + MERGE_WINDOW_MS + 1);
    expect(h.past).toEqual(['', 'red']);
    h = recordChange(h, 'other', 'colour', 200 + MERGE_WINDOW_MS + 2);
    expect(h.past).toEqual(['', 'red', 'red!']);
    expect(undoStep(undoStep(undoStep(h))).present).toBe('');
  });

  it('keeps a bounded number of steps', () => {
    let h = startHistory(0);
    for (let i = 1; i <= MAX_STEPS + 50; i++) h = recordChange(h, i, undefined, i);
    expect(h.past).toHaveLength(MAX_STEPS);
  });
});

describe('contrast warnings', () => {
  it('warns below WCAG AA (4.5:1) and not at or above it', () => {
    expect(contrastWarning('#777777', '#ffffff', 'Background Color')).toMatch(
      /^Low contrast: 4\.48:1 on Background Color, below the WCAG AA minimum of 4\.5:1\.$/,
    );
    expect(contrastWarning('#767676', '#ffffff', 'Background Color')).toBeNull();
  });

  it('measures the CSS named colours, in any case, and treats transparent as see-through', () => {
    // Pure red on white is 4.00:1; gray (#808080) 3.95:1; navy on white reads well.
    expect(contrastWarning('red', '#ffffff', 'x')).toMatch(/^Low contrast: 4\.00:1/);
    expect(contrastWarning(' Gray ', 'white', 'x')).toMatch(/^Low contrast: 3\.95:1/);
    expect(contrastWarning('navy', 'WHITE', 'x')).toBeNull();
    expect(contrastWarning('lightyellow', 'rebeccapurple', 'x')).toBeNull();
    expect(contrastWarning('transparent', '#ffffff', 'x')).toMatch(/^Low contrast: 1\.00:1/);
    expect(contrastWarning('#000000', 'transparent', 'x')).toBeNull();
    // Not a colour name: not measured (the schema refuses it anyway).
    expect(contrastWarning('reddish', '#ffffff', 'x')).toBeNull();
    expect(contrastWarning('constructor', '#ffffff', 'x')).toBeNull();
  });

  it('measures rgb(), hsl() and short or long hex with opacity as well as #rrggbb', () => {
    const low = /^Low contrast: 4\.48:1 on x,/;
    expect(contrastWarning('rgb(119, 119, 119)', 'rgb(255 255 255)', 'x')).toMatch(low);
    expect(contrastWarning('rgba(119,119,119,1)', '#fff', 'x')).toMatch(low);
    expect(contrastWarning('hsl(0, 0%, 46.67%)', 'hsl(0deg 0% 100%)', 'x')).toMatch(low);
    expect(contrastWarning('rgb(118, 118, 118)', '#ffffff', 'x')).toBeNull();
    expect(contrastWarning('hsl(0, 0%, 46.27%)', '#ffffff', 'x')).toBeNull();
    // Pure red on white is 4.00:1, whichever way it is written.
    for (const red of ['#f00', '#ff0000ff', 'rgb(100%, 0%, 0%)', 'hsl(0, 100%, 50%)', 'hsla(360 100% 50% / 1)']) {
      expect(contrastWarning(red, '#ffffff', 'x'), red).toMatch(/^Low contrast: 4\.00:1/);
    }
    // See-through text is measured as it shows: black at 50% on white is mid grey.
    expect(contrastWarning('rgba(0, 0, 0, 0.5)', '#ffffff', 'x')).toMatch(/^Low contrast: 3\.9\d:1/);
    expect(contrastWarning('#0000', '#ffffff', 'x')).toMatch(/^Low contrast: 1\.00:1/);
    // A see-through background depends on what is behind it: not measured.
    expect(contrastWarning('#eeeeee', 'rgba(255, 255, 255, 0.5)', 'x')).toBeNull();
    expect(contrastWarning('rgb(1, 2)', '#ffffff', 'x')).toBeNull();
  });

  it('reads rgb() and hsl() in the theme pairs', () => {
    expect(Object.keys(themeContrastWarnings({ ...DARK_PRESET, textColor: 'rgb(34, 34, 34)' }))).toEqual(['textColor']);
    expect(Object.keys(themeContrastWarnings({ ...DARK_PRESET, textColor: 'hsl(0 0% 13%)' }))).toEqual(['textColor']);
  });

  it("the dark preset reads well; the default one only where it uses the spec's #007bff on white; dark text on dark is flagged on the text key", () => {
    expect(Object.keys(themeContrastWarnings(DEFAULT_PRESET)).sort()).toEqual(['linkColor', 'menuHoverColor']);
    expect(themeContrastWarnings(DARK_PRESET)).toEqual({});
    expect(Object.keys(themeContrastWarnings({ ...DARK_PRESET, textColor: '#222222' }))).toEqual(['textColor']);
  });

  it("measures a section's colours against its own background, else the theme's", () => {
    const section = { ...DEFAULT_SECTION_SETTINGS, backgroundColor: '#000000', textColor: '#111111' };
    expect(sectionContrastWarnings(section, DEFAULT_PRESET).textColor).toContain("the section's Background Color");
    expect(sectionContrastWarnings(DEFAULT_SECTION_SETTINGS, DEFAULT_PRESET)).toEqual({});
  });
});
