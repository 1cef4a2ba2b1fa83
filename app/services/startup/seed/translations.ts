/**
 * The starter site's French translations (decision 030): the About and Services pages and the article, each a row
 * of its English item's translation group, so `/fr/` shows French content. The legal pages stay English: `/fr/`
 * shows them with the "not yet available in French" notice.
 */
export interface SeedTranslation {
  /** The English item's slug. */
  of: string;
  slug: string;
  title: string;
  content: string;
  metaDescription: string;
  metaKeywords: string;
}

export interface SeedPostTranslation extends SeedTranslation {
  excerpt: string;
  metaTitle: string;
}

export const seedPageTranslationsFr: SeedTranslation[] = [
  {
    of: 'about',
    slug: 'a-propos',
    title: 'À propos',
    content: `## Notre histoire

Atelier est une agence de développement web et mobile fondée à Paris en 2014. Notre équipe de plus de 25 designers et ingénieurs a livré plus de 200 projets pour des marques ambitieuses, des start-up aux grands groupes.

## Nos valeurs

- **L’artisanat** : chaque détail compte, du premier croquis à la mise en ligne.
- **La transparence** : des échanges clairs, des délais tenus, aucun coût caché.
- **L’accessibilité** : des produits utilisables par tous, sur tous les appareils.

## Travaillons ensemble

Vous avez un projet ? [Écrivez-nous](/fr#contact) : nous répondons sous 24 heures.`,
    metaDescription:
      'Découvrez Atelier : une équipe de plus de 25 designers et ingénieurs à Paris qui a livré plus de 200 projets web et mobiles depuis 2014.',
    metaKeywords: 'à propos d’Atelier, équipe, agence web Paris, valeurs, notre histoire',
  },
  {
    of: 'services',
    slug: 'nos-services',
    title: 'Nos services',
    content: `## Ce que nous faisons

- **Développement web sur mesure** : des sites et des applications rapides, sûrs et faciles à faire évoluer.
- **Applications mobiles** : iOS et Android, natives ou multiplateformes.
- **Design UI/UX** : des interfaces claires, testées avec de vrais utilisateurs.
- **Optimisation des performances** : des pages qui s’affichent en moins d’une seconde.
- **Sécurité** : audits, durcissement et surveillance.
- **Stratégie numérique** : un plan concret pour atteindre vos objectifs.

[Parlez-nous de votre projet](/fr#contact).`,
    metaDescription:
      'Les services d’Atelier : développement web sur mesure, applications mobiles, design UI/UX, performances, sécurité et stratégie numérique.',
    metaKeywords: 'services de développement web, applications mobiles, design UI/UX, performances, sécurité, stratégie numérique',
  },
];

export const seedPostTranslationsFr: SeedPostTranslation[] = [
  {
    of: 'getting-started-with-web-development',
    slug: 'premiers-pas-en-developpement-web',
    title: 'Premiers pas en développement web',
    excerpt:
      'Vous débutez en développement web ? Découvrez les trois technologies au cœur de chaque site, HTML, CSS et JavaScript, et des conseils concrets pour lancer vos premiers projets.',
    content: `Chaque site que vous visitez, du simple blog personnel à la boutique en ligne la plus complexe, repose sur les trois mêmes fondations : HTML, CSS et JavaScript. Les apprendre est le meilleur point de départ.

## HTML, la structure

HTML décrit ce qu’est chaque élément de la page : un titre, un paragraphe, une image, un lien, un formulaire. Un balisage sémantique rend votre contenu compréhensible par les moteurs de recherche et accessible aux lecteurs d’écran.

## CSS, l’apparence

CSS choisit les couleurs, les polices, les espacements et la mise en page. Flexbox et Grid permettent des mises en page qui s’adaptent du téléphone au grand écran : pensez d’abord mobile.

## JavaScript, l’interaction

JavaScript réagit aux clics, valide les formulaires et met la page à jour sans la recharger. C’est un vrai langage de programmation : variables, fonctions, conditions, boucles et objets.

## Apprendre en construisant

Commencez petit : une page de profil, une page d’atterrissage, une liste de tâches. Publiez votre code sur GitHub dès le début, lisez la documentation de MDN et restez curieux.`,
    metaTitle: 'Premiers pas en développement web : le guide du débutant | Atelier',
    metaDescription:
      'Un guide pour débuter en développement web : le rôle de HTML, CSS et JavaScript, les outils nécessaires et comment construire vos premiers projets.',
    metaKeywords: 'développement web, débutants, html, css, javascript, apprendre à coder',
  },
];
