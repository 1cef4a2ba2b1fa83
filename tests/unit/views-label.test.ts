import { describe, expect, it } from 'vitest';

import { viewsLabel } from '#app/components/site/post-meta.tsx';
import en from '#app/i18n/en.json';
import fr from '#app/i18n/fr.json';
import { createTranslate } from '#app/i18n/translate.ts';

describe('view counts', () => {
  it('say “1 view” and “n views” in English', () => {
    const t = createTranslate(en);
    expect([0, 1, 2, 12, 1000].map((count) => viewsLabel(t, count))).toEqual(['0 views', '1 view', '2 views', '12 views', '1000 views']);
  });

  it('take the singular for 0 and 1 in French', () => {
    const t = createTranslate(fr);
    expect([0, 1, 2, 156].map((count) => viewsLabel(t, count))).toEqual(['0 vue', '1 vue', '2 vues', '156 vues']);
  });
});
