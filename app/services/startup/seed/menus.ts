/**
 * The seeded menus. The header's sections are the landing page's in-page anchors (the public top bar has
 * always scrolled to them); the footer's legal links point at the seeded pages by slug, resolved to the
 * pages' ids when seeding so they follow later slug changes.
 */
export const seedMenus = {
  header: [
    { title: 'Home', titles: { fr: 'Accueil' }, linkType: 'anchor', path: '#home' },
    { title: 'About', titles: { fr: 'À propos' }, linkType: 'anchor', path: '#about' },
    { title: 'Services', titles: { fr: 'Services' }, linkType: 'anchor', path: '#services' },
    { title: 'Blog', titles: { fr: 'Blog' }, linkType: 'url', path: '/blog' },
    { title: 'Contact', titles: { fr: 'Contact' }, linkType: 'anchor', path: '#contact' },
  ],
  footer: [
    { title: 'Privacy Policy', titles: { fr: 'Politique de confidentialité' }, linkType: 'page', path: '/privacy-policy' },
    { title: 'Terms of Service', titles: { fr: "Conditions d'utilisation" }, linkType: 'page', path: '/terms-of-service' },
    { title: 'Cookie Policy', titles: { fr: 'Politique de cookies' }, linkType: 'page', path: '/cookie-policy' },
  ],
} as const;
