import { existsSync, readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { FONT_UNICODE_RANGE } from '#app/lib/font-characters.ts';

const css = readFileSync('app/app.css', 'utf8');
const allFaces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1]!);
/** The faces of the font files; the others are the local fallbacks shaped to their measures. */
const fontFaces = allFaces.filter((face) => face.includes('url('));
const fallbackFaces = allFaces.filter((face) => !face.includes('url('));

/** Whether a code point falls in one of the U+XXXX or U+XXXX-YYYY entries. */
function covered(codePoint: number): boolean {
  return FONT_UNICODE_RANGE.some((entry) => {
    const [from, to = from] = entry
      .slice(2)
      .split('-')
      .map((hex) => parseInt(hex, 16));
    return codePoint >= from! && codePoint <= to!;
  });
}

/** The public site's components and routes, whose literal text (a mark, a separator) ships too. */
const siteSources = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `${folder}/${name}`);

/** The characters of every text the site ships: interface strings in both languages, the seeded content, and the site's markup. */
const SITE_TEXTS = [
  'app/i18n/en.json',
  'app/i18n/fr.json',
  'app/services/landing/default-landing.ts',
  'app/services/startup/seed/posts.ts',
  'app/services/startup/seed/pages.ts',
  'app/services/startup/seed/menus.ts',
  ...siteSources('app/components/site'),
  ...siteSources('app/routes/site'),
];

describe('the site fonts', () => {
  it('declares the characters the font files were cut to, for each of the four faces', () => {
    expect(fontFaces).toHaveLength(4);
    for (const face of fontFaces) {
      const range = /unicode-range:([^;]*);/
        .exec(face)?.[1]
        ?.split(',')
        .map((entry) => entry.trim());
      expect(range).toEqual(FONT_UNICODE_RANGE);
      const file = /url\('\.\/(fonts\/[\w-]+\.woff2)'\)/.exec(face)?.[1];
      expect(file && existsSync(`app/${file}`), `font file of ${face}`).toBe(true);
    }
  });

  it('swaps a late font in, over a fallback shaped to its measures that every font stack names', () => {
    for (const face of fontFaces) expect(face).toContain('font-display: swap;');
    for (const family of ['Inter', 'Poppins']) {
      const fallback = fallbackFaces.find((face) => face.includes(`font-family: '${family} Fallback';`));
      expect(fallback, `${family}'s fallback face`).toBeDefined();
      for (const descriptor of ['size-adjust', 'ascent-override', 'descent-override', 'line-gap-override']) {
        expect(fallback).toMatch(new RegExp(`${descriptor}: \\d+(\\.\\d+)?%;`));
      }
      // Wherever the font is named in a stack, its fallback comes right after it.
      const stacks = [...css.matchAll(new RegExp(`'${family}',( '[^']+')?`, 'g'))];
      expect(stacks.length).toBeGreaterThan(0);
      for (const stack of stacks) expect(stack[0]).toBe(`'${family}', '${family} Fallback'`);
    }
  });

  it('holds every character of the interface strings, the seeded content (English and French) and the site markup', () => {
    const missing = new Set<string>();
    for (const file of SITE_TEXTS) {
      for (const character of readFileSync(file, 'utf8')) {
        const codePoint = character.codePointAt(0)!;
        if (codePoint >= 0x20 && !covered(codePoint)) missing.add(`${character} (U+${codePoint.toString(16).toUpperCase()}, ${file})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('reads its own ranges correctly (a character outside is reported)', () => {
    expect(covered('é'.codePointAt(0)!)).toBe(true);
    expect(covered('\u202f'.codePointAt(0)!)).toBe(true);
    expect(covered('✓'.codePointAt(0)!)).toBe(false);
  });
});
