import { describe, expect, it } from 'vitest';

import { flattenLanding, landingFieldLabel, landingSectionLabel } from '#app/lib/landing-fields.ts';
import { revisionSummary } from '#app/lib/revision-fields.ts';

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
    expect(landingFieldLabel('about.stats.1.value')).toBe('Stat 2 value');
    expect(landingFieldLabel('about.values.0.description')).toBe('Value 1 description');
    expect(landingFieldLabel('services.items.5.features.2')).toBe('Service 6 feature 3');
    expect(landingFieldLabel('services.description')).toBe('Services description');
    expect(revisionSummary(['hero.title', 'about.stats.0.label', 'hero.cta'], false, landingSectionLabel)).toBe('Changed Hero and About');
  });
});
