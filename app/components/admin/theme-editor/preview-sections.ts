import { SECTION_NAMES, type SectionName } from '#app/lib/theme/model.ts';

/**
 * How each editor section is found in a rendered public page: by the `data-section` the public
 * sections carry, or else by the landmark the built-in markup has.
 */
const FALLBACK_SELECTORS: Record<SectionName, string> = {
  navbar: 'body > * header, header',
  hero: '#home',
  services: '#services',
  about: '#about',
  contact: '#contact',
  footer: 'footer',
};

export function sectionSelector(name: SectionName): string {
  return `[data-section="${name}"]`;
}

/** The editor section an element of the preview belongs to, if any. */
export function sectionOfElement(element: Element | null): SectionName | null {
  if (!element) return null;
  const tagged = element.closest('[data-section]')?.getAttribute('data-section');
  if (tagged && (SECTION_NAMES as string[]).includes(tagged)) return tagged as SectionName;
  for (const name of SECTION_NAMES) {
    if (element.closest(FALLBACK_SELECTORS[name])) return name;
  }
  return null;
}

/** CSS that outlines the active section in the preview. */
export function activeOutlineCss(name: SectionName | null): string {
  if (!name) return '';
  return `${sectionSelector(name)},${FALLBACK_SELECTORS[name]}{outline:3px dashed #2563eb !important;outline-offset:-3px}`;
}

/** Marks the built-in sections of a framed page that lack their `data-section`, so section CSS reaches them live. */
export function tagSections(doc: Document): void {
  for (const name of SECTION_NAMES) {
    if (doc.querySelector(sectionSelector(name))) continue;
    doc.querySelector(FALLBACK_SELECTORS[name])?.setAttribute('data-section', name);
  }
}
