/**
 * The nine seeded media items (spec 3 "Media item"). Their files are bundled
 * under public/media/seed and served by us; sizes are the real file sizes.
 */
export const seedMedia = [
  { file: 'hero-photo.jpg', title: 'Hero photo', alt: 'Team collaborating around a laptop', mime: 'image/jpeg', usedIn: 'Hero Section', tags: ['hero', 'photo'] },
  { file: 'company-logo.svg', title: 'Company logo', alt: 'Atelier logo', mime: 'image/svg+xml', usedIn: 'Header', tags: ['logo', 'brand'] },
  { file: 'icon-web.svg', title: 'Web development icon', alt: 'Code brackets icon', mime: 'image/svg+xml', usedIn: 'Services Section', tags: ['icon', 'service'] },
  { file: 'icon-mobile.svg', title: 'Mobile apps icon', alt: 'Smartphone icon', mime: 'image/svg+xml', usedIn: 'Services Section', tags: ['icon', 'service'] },
  { file: 'icon-design.svg', title: 'Design icon', alt: 'Pen tool icon', mime: 'image/svg+xml', usedIn: 'Services Section', tags: ['icon', 'service'] },
  { file: 'social-twitter.svg', title: 'Twitter icon', alt: 'Twitter logo', mime: 'image/svg+xml', usedIn: 'Footer', tags: ['social', 'icon'] },
  { file: 'social-github.svg', title: 'GitHub icon', alt: 'GitHub logo', mime: 'image/svg+xml', usedIn: 'Footer', tags: ['social', 'icon'] },
  { file: 'social-linkedin.svg', title: 'LinkedIn icon', alt: 'LinkedIn logo', mime: 'image/svg+xml', usedIn: 'Footer', tags: ['social', 'icon'] },
  { file: 'team-photo.jpg', title: 'Team photo', alt: 'The Atelier team in the studio', mime: 'image/jpeg', usedIn: 'About Section', tags: ['team', 'photo'] },
] as const;
