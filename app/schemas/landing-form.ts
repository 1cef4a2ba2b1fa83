/** How many of each repeated block the Content screen edits (docs/product.md, Data: Content; Constants). */
export const LANDING_COUNTS = { stats: 4, values: 4, services: 6, features: 3 } as const;

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * The Content form's fields, named as the landing schema's paths (about.stats[0].label),
 * read back into the content's shape; the landing schema then checks it.
 */
export function landingFromForm(get: (name: string) => string) {
  return {
    hero: { title: get('hero.title'), subtitle: get('hero.subtitle'), cta: get('hero.cta'), image: get('hero.image') },
    about: {
      title: get('about.title'),
      subtitle: get('about.subtitle'),
      description: get('about.description'),
      stats: range(LANDING_COUNTS.stats).map((i) => ({ label: get(`about.stats[${i}].label`), value: get(`about.stats[${i}].value`) })),
      values: range(LANDING_COUNTS.values).map((i) => ({
        title: get(`about.values[${i}].title`),
        description: get(`about.values[${i}].description`),
      })),
    },
    services: {
      title: get('services.title'),
      subtitle: get('services.subtitle'),
      description: get('services.description'),
      items: range(LANDING_COUNTS.services).map((i) => ({
        title: get(`services.items[${i}].title`),
        description: get(`services.items[${i}].description`),
        features: range(LANDING_COUNTS.features).map((f) => get(`services.items[${i}].features[${f}]`)),
      })),
    },
  };
}
