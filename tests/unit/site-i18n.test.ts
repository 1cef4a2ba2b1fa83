import { describe, expect, it } from 'vitest';

import { detectLanguage } from '#app/i18n/detect.ts';
import en from '#app/i18n/en.json';
import fr from '#app/i18n/fr.json';
import { getMessages } from '#app/i18n/messages.server.ts';
import { createTranslate } from '#app/i18n/translate.ts';

describe('detectLanguage (server side of docs/product.md, Languages)', () => {
  it('prefers ?lng=, then the cookie, then Accept-Language, then English', () => {
    expect(detectLanguage({ query: 'fr', cookieHeader: 'lng=en', acceptLanguage: 'en' })).toBe('fr');
    expect(detectLanguage({ query: null, cookieHeader: 'a=1; lng=fr', acceptLanguage: 'en' })).toBe('fr');
    expect(detectLanguage({ query: null, cookieHeader: '', acceptLanguage: 'de-DE,fr;q=0.8,en;q=0.5' })).toBe('fr');
    expect(detectLanguage({ query: null, cookieHeader: null, acceptLanguage: 'fr;q=0.4, en-GB;q=0.9' })).toBe('en');
    expect(detectLanguage({ query: 'de', cookieHeader: 'lng=es', acceptLanguage: 'de' })).toBe('en');
  });
});

describe('translations', () => {
  it('interpolates values and falls back to the key', () => {
    const t = createTranslate({ a: { b: 'Hello {{name}}' } });
    expect(t('a.b', { name: 'Ada' })).toBe('Hello Ada');
    expect(t('a.missing')).toBe('a.missing');
  });

  it('French has every English key (English fills any gap at run time)', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    const t = createTranslate(getMessages('fr'));
    expect(t('navigation.home')).toBe('Accueil');
    expect(createTranslate(getMessages('en'))('blog.notFoundTitle')).toBe('Article not found');
    expect(createTranslate(getMessages('en'))('blog.notFoundText')).toBe(
      "The article you're looking for doesn't exist or has been removed.",
    );
  });
});
