import { describe, expect, it } from 'vitest';

import { flattenLanding, landingFieldLabel, landingSectionLabel } from '#app/lib/landing-fields.ts';
import { revisionSummary } from '#app/lib/revision-fields.ts';
import { completeLanding } from '#app/schemas/landing.ts';
import { defaultLanding } from '#app/services/landing/default-landing.ts';

describe('the landing copy as the Revisions panel compares it', () => {
  it('flattens every field of the copy to one text named by its path', () => {
    const copy = {
      hero: { title: 'Studio', cta: 'Talk' },
      about: { stats: [{ label: 'Clients', value: 12 }] },
      services: { items: [{ title: 'Design', features: ['Logos', 'Type'] }] },
    };
    expect(flattenLanding(copy)).toEqual({
      'hero.title': 'Studio',
      'hero.cta': 'Talk',
      'about.stats.0.label': 'Clients',
      'about.stats.0.value': '12',
      'services.items.0.title': 'Design',
      'services.items.0.features.0': 'Logos',
      'services.items.0.features.1': 'Type',
    });
    expect(flattenLanding(null)).toEqual({});
  });

  it('names fields as the Content screen labels them, and summaries by section', () => {
    expect(landingFieldLabel('hero.title')).toBe('Hero title');
    expect(landingFieldLabel('hero.cta')).toBe('CTA Text');
    expect(landingFieldLabel('hero.badge')).toBe('Hero badge');
    expect(landingFieldLabel('hero.badgeText')).toBe('Hero badge text');
    expect(landingFieldLabel('hero.learnMore')).toBe('Hero second link');
    expect(landingFieldLabel('about.founded')).toBe('About founded line');
    expect(landingFieldLabel('about.valuesTitle')).toBe('About values title');
    expect(landingFieldLabel('hero.highlight')).toBe('Hero highlighted word');
    expect(landingFieldLabel('contact.title')).toBe('Contact title');
    expect(landingFieldLabel('contact.formTitle')).toBe('Contact form title');
    expect(landingFieldLabel('about.stats.1.value')).toBe('Stat 2 value');
    expect(landingFieldLabel('about.values.0.description')).toBe('Value 1 description');
    expect(landingFieldLabel('services.items.5.features.2')).toBe('Service 6 feature 3');
    expect(landingFieldLabel('services.description')).toBe('Services description');
    expect(revisionSummary(['hero.title', 'about.stats.0.label', 'hero.cta'], false, landingSectionLabel)).toBe('Changed Hero and About');
  });
});

describe('completeLanding', () => {
  it('gives a copy stored before the newer fields empty ones, so the language defaults show', () => {
    const { contact: _contact, ...stored } = defaultLanding.en;
    const { highlight: _highlight, badge: _badge, ...hero } = stored.hero;
    const completed = completeLanding({ ...stored, hero });
    expect(completed?.hero.highlight).toBe('');
    expect(completed?.hero.badge).toBe('');
    expect(completed?.hero.title).toBe(defaultLanding.en.hero.title);
    expect(completed?.contact).toEqual({ title: '', formTitle: '' });
    expect(completeLanding(null)).toBeNull();
  });

  it('keeps what a copy has', () => {
    const copy = { ...defaultLanding.fr, contact: { title: 'Parlons-en', formTitle: '' } };
    expect(completeLanding(copy)).toEqual(copy);
  });
});
