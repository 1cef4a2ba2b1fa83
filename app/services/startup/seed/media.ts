/**
 * The seeded media items (docs/product.md, Data: Media item: a hero photo, a company logo,
 * three service icons, three social icons, a team photo), plus the landing's
 * app screenshot. Their files are in app/services/startup/seed/files (made by
 * scripts/make-seed-media.ts); seeding copies them into the upload storage
 * under seed/, so they are served, listed and deleted like any upload.
 * Where each is used is worked out from the content, not stored. The photos and the screenshot have their alt text
 * in French too (`translations`, decision 030).
 */
export const seedMedia = [
  { file: 'hero-photo.jpg', title: 'Hero photo', alt: 'Abstract city lights at dusk', translations: { fr: { alt: 'Lumières abstraites de la ville au crépuscule' } }, mime: 'image/jpeg', tags: ['hero', 'photo'] },
  { file: 'company-logo.svg', title: 'Company logo', alt: 'Atelier logo', mime: 'image/svg+xml', tags: ['logo', 'brand'] },
  { file: 'icon-web.svg', title: 'Web development icon', alt: 'Code brackets icon', mime: 'image/svg+xml', tags: ['icon', 'service'] },
  { file: 'icon-mobile.svg', title: 'Mobile apps icon', alt: 'Smartphone icon', mime: 'image/svg+xml', tags: ['icon', 'service'] },
  { file: 'icon-design.svg', title: 'Design icon', alt: 'Pen tool icon', mime: 'image/svg+xml', tags: ['icon', 'service'] },
  { file: 'social-twitter.svg', title: 'Twitter icon', alt: 'Twitter logo', mime: 'image/svg+xml', tags: ['social', 'icon'] },
  { file: 'social-github.svg', title: 'GitHub icon', alt: 'GitHub logo', mime: 'image/svg+xml', tags: ['social', 'icon'] },
  { file: 'social-linkedin.svg', title: 'LinkedIn icon', alt: 'LinkedIn logo', mime: 'image/svg+xml', tags: ['social', 'icon'] },
  { file: 'team-photo.jpg', title: 'Team photo', alt: 'The Atelier team in the studio', translations: { fr: { alt: "L'équipe d'Atelier dans son studio" } }, mime: 'image/jpeg', tags: ['team', 'photo'] },
  { file: 'app-screenshot.png', title: 'App screenshot', alt: 'A dashboard of an app built by Atelier', translations: { fr: { alt: "Le tableau de bord d'une application réalisée par Atelier" } }, mime: 'image/png', tags: ['hero', 'screenshot'] },
] as const;
