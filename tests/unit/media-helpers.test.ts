import { describe, expect, it } from 'vitest';

import { displayFileName, titleFromFileName } from '#app/lib/file-names.ts';
import { formatFileSize } from '#app/lib/file-size.ts';
import { parseRange } from '#app/lib/http-range.ts';
import { mediaKindOf } from '#app/lib/media-kind.ts';
import { srcSetFor, thumbnailUrl } from '#app/lib/responsive-image.ts';
import { looksLikeSvg } from '#app/services/media/detect-type.server.ts';
import { isSafeKey } from '#app/services/media/media-storage.ts';

describe('formatFileSize (docs/product.md, Constants: Bytes, KB, MB, GB, base 1024, 2 decimals)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_854_947, '1.77 MB'],
    [25 * 1024 * 1024, '25 MB'],
    [3 * 1024 ** 3 + 1, '3 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%i bytes → %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});

describe('parseRange', () => {
  it('reads single ranges and refuses those outside the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange(null, 1000)).toBeNull();
  });
});

describe('file names', () => {
  it('keeps only a displayable base name', () => {
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
    expect(displayFileName('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
    expect(displayFileName('a\u0000b\u202Ec.png')).toBe('abc.png');
    expect(displayFileName('..')).toBe('file');
    expect(displayFileName('x'.repeat(500))).toHaveLength(200);
    expect(titleFromFileName('Team offsite 2024.final.jpeg')).toBe('Team offsite 2024.final');
    expect(titleFromFileName('.gitignore')).toBe('.gitignore');
  });

  it('accepts only storage keys we could have made', () => {
    expect(isSafeKey('2025/01/abc-320w.webp')).toBe(true);
    expect(isSafeKey('seed/hero-photo.jpg')).toBe(true);
    for (const key of ['../x', 'a/../b', '/etc/passwd', 'a//b', 'a\\b', 'a/b\u0000', '', '.hidden', 'a/..b'])
      expect(isSafeKey(key)).toBe(false);
  });
});

describe('media kinds and SVG sniffing', () => {
  it('maps MIME types as docs/product.md (Data) says', () => {
    expect(['image/png', 'video/mp4', 'application/pdf', 'audio/mpeg', 'text/plain'].map(mediaKindOf)).toEqual([
      'image',
      'video',
      'document',
      'other',
      'other',
    ]);
  });

  it('recognises SVG documents only', () => {
    expect(looksLikeSvg('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(true);
    expect(looksLikeSvg('\uFEFF<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE svg PUBLIC "x">\n<svg>')).toBe(true);
    expect(looksLikeSvg('<html><svg></svg></html>')).toBe(false);
    expect(looksLikeSvg('<svgx>')).toBe(false);
  });
});

describe('srcSetFor', () => {
  const variants = [
    { url: '/m/a-640w.webp', width: 640 },
    { url: '/m/a-320w.webp', width: 320 },
  ];
  it('lists variants by width, then the original when it is wider', () => {
    expect(srcSetFor('/m/a.jpg', variants, 800)).toBe('/m/a-320w.webp 320w, /m/a-640w.webp 640w, /m/a.jpg 800w');
    expect(srcSetFor('/m/a.jpg', variants)).toBe('/m/a-320w.webp 320w, /m/a-640w.webp 640w');
    expect(srcSetFor('/m/a.svg', [], 100)).toBe('');
  });
  it('picks the smallest variant wide enough for a thumbnail', () => {
    expect(thumbnailUrl('/m/a.jpg', variants, 400)).toBe('/m/a-640w.webp');
    expect(thumbnailUrl('/m/a.jpg', variants, 1000)).toBe('/m/a.jpg');
  });
});
