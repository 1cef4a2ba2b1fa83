/**
 * The landing copy as the Revisions panel compares it (docs/product.md, "Revisions"): one text per field, named by
 * its path in the saved copy (`hero.title`, `about.stats.0.label`, `services.items.1.features.2`), labelled as the
 * Content screen labels it.
 */
export function flattenLanding(state: unknown, prefix = ''): Record<string, string> {
  if (state === null || state === undefined) return {};
  if (typeof state !== 'object') return prefix ? { [prefix]: String(state) } : {};
  return Object.entries(state as Record<string, unknown>).reduce<Record<string, string>>(
    (fields, [key, value]) => ({ ...fields, ...flattenLanding(value, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const SECTIONS: Record<string, string> = { hero: 'Hero', about: 'About', services: 'Services', contact: 'Contact' };
const FIELDS: Record<string, string> = {
  title: 'title',
  subtitle: 'subtitle',
  cta: 'CTA Text',
  image: 'image',
  description: 'description',
  badge: 'badge',
  badgeText: 'badge text',
  learnMore: 'second link',
  founded: 'founded line',
  valuesTitle: 'values title',
  highlight: 'highlighted word',
  formTitle: 'form title',
};

/** "Hero title", "Stat 1 label", "Value 2 description", "Service 1 feature 3", "Services description". */
export function landingFieldLabel(path: string): string {
  const [section = '', first = '', second = '', third = '', fourth = ''] = path.split('.');
  const number = (index: string) => Number(index) + 1;
  if (section === 'about' && first === 'stats') return `Stat ${number(second)} ${third}`;
  if (section === 'about' && first === 'values') return `Value ${number(second)} ${third}`;
  if (section === 'services' && first === 'items') {
    return third === 'features' ? `Service ${number(second)} feature ${number(fourth)}` : `Service ${number(second)} ${third}`;
  }
  const field = FIELDS[first] ?? first;
  return field === 'CTA Text' ? field : `${SECTIONS[section] ?? section} ${field}`;
}

/** The section a changed path belongs to, for the one-line summary of a revision ("Changed Hero and About"). */
export function landingSectionLabel(path: string): string {
  return SECTIONS[path.split('.')[0] ?? ''] ?? path;
}
