import type { Language } from '#app/i18n/languages.ts';
import type { LandingContent } from '#app/schemas/landing.ts';

const en: LandingContent = {
  hero: {
    title: 'We build digital products that people love',
    subtitle:
      'Atelier is a web and mobile development studio that designs, builds and scales fast, accessible and beautiful products for ambitious teams.',
    cta: 'Start your project',
    image: '/media/seed/app-screenshot.png',
    // Empty: the language's own 'What's new' badge, its line and 'Learn more' show (app/i18n).
    badge: '',
    badgeText: '',
    learnMore: '',
    highlight: '',
  },
  about: {
    title: 'About Atelier',
    subtitle: 'A workshop for digital craftsmanship',
    description:
      'Founded in Paris in 2014, Atelier brings together designers, engineers and strategists who care deeply about quality. For over a decade we have partnered with startups and established brands to turn ideas into reliable, elegant software, combining senior expertise with a close, transparent way of working.',
    founded: '',
    valuesTitle: '',
    stats: [
      { label: 'Years of experience', value: '10+' },
      { label: 'Projects delivered', value: '200+' },
      { label: 'Client satisfaction', value: '98%' },
      { label: 'Team members', value: '25+' },
    ],
    values: [
      {
        title: 'Mission-driven',
        description: 'We build products that make a real, measurable difference for the people who use them.',
      },
      {
        title: 'Client-focused',
        description: 'Your goals guide every decision, and we keep you closely involved from kickoff to launch.',
      },
      {
        title: 'Excellence',
        description: 'We hold our code, our design and our communication to the highest professional standards.',
      },
      {
        title: 'Innovation',
        description: 'We stay curious and adopt new technologies whenever they genuinely serve your product.',
      },
    ],
  },
  services: {
    title: 'Our Services',
    subtitle: 'Everything you need to launch and grow',
    description:
      'From first sketches to production and beyond, our team covers strategy, design and engineering so you can focus on your business.',
    items: [
      {
        title: 'Custom Web Development',
        description: 'Fast, secure and scalable websites and web applications built with modern frameworks and clean, maintainable code.',
        features: ['React & TypeScript', 'Headless CMS integration', 'Scalable cloud architecture'],
      },
      {
        title: 'Mobile Applications',
        description: 'Native and cross-platform apps for iOS and Android that feel natural on every device and grow with your audience.',
        features: ['iOS & Android', 'Cross-platform development', 'App Store publishing'],
      },
      {
        title: 'UI/UX Design',
        description: 'Intuitive, on-brand interfaces grounded in user research, rapid prototyping and robust design systems.',
        features: ['User research', 'Interactive prototypes', 'Design systems'],
      },
      {
        title: 'Performance Optimization',
        description:
          'We audit and fine-tune your product so pages load instantly and users stay engaged, improving conversions and search rankings.',
        features: ['Core Web Vitals audits', 'Caching & CDN setup', 'Load testing'],
      },
      {
        title: 'Security Solutions',
        description:
          'We protect your product and your users with secure-by-design architecture, thorough reviews and GDPR-aware practices.',
        features: ['Security audits', 'GDPR compliance', 'Secure authentication'],
      },
      {
        title: 'Digital Strategy',
        description:
          'We help you define the right product, prioritise your roadmap and invest in the technologies that will move your business forward.',
        features: ['Product discovery', 'Technical roadmapping', 'Analytics & growth'],
      },
    ],
  },
  // Empty: the language's own 'Get in touch' and 'Send us a message' show (app/i18n).
  contact: { title: '', formTitle: '' },
};

const fr: LandingContent = {
  hero: {
    title: 'Nous concevons des expériences numériques qui font la différence',
    subtitle:
      'Atelier est un studio de développement web et mobile qui conçoit, développe et fait grandir des produits rapides, accessibles et élégants pour des équipes ambitieuses.',
    cta: 'Démarrer votre projet',
    image: '/media/seed/app-screenshot.png',
    // Empty: the language's own 'What's new' badge, its line and 'Learn more' show (app/i18n).
    badge: '',
    badgeText: '',
    learnMore: '',
    highlight: '',
  },
  about: {
    title: "À propos d'Atelier",
    subtitle: "Un atelier dédié à l'artisanat numérique",
    description:
      'Fondé à Paris en 2014, Atelier réunit des designers, des développeurs et des stratèges passionnés par le travail bien fait. Depuis plus de dix ans, nous accompagnons start-up et marques établies pour transformer leurs idées en logiciels fiables et élégants, en alliant expertise senior et collaboration étroite et transparente.',
    founded: '',
    valuesTitle: '',
    stats: [
      { label: "Années d'expérience", value: '10+' },
      { label: 'Projets livrés', value: '200+' },
      { label: 'Clients satisfaits', value: '98%' },
      { label: "Membres de l'équipe", value: '25+' },
    ],
    values: [
      {
        title: 'Guidés par notre mission',
        description: 'Nous créons des produits qui changent concrètement le quotidien de celles et ceux qui les utilisent.',
      },
      {
        title: 'Centrés sur le client',
        description: 'Vos objectifs guident chacune de nos décisions, et nous vous associons à chaque étape du projet.',
      },
      {
        title: 'Excellence',
        description: "Nous plaçons la barre très haut, qu'il s'agisse de code, de design ou de communication.",
      },
      {
        title: 'Innovation',
        description: "Toujours curieux, nous adoptons les nouvelles technologies dès lors qu'elles servent vraiment votre produit.",
      },
    ],
  },
  services: {
    title: 'Nos services',
    subtitle: "Tout ce qu'il faut pour lancer et faire grandir votre produit",
    description:
      'Des premières esquisses à la mise en production, et au-delà, notre équipe prend en charge la stratégie, le design et le développement pour que vous puissiez vous concentrer sur votre activité.',
    items: [
      {
        title: 'Développement web sur mesure',
        description:
          'Des sites et applications web rapides, sécurisés et évolutifs, construits avec des frameworks modernes et un code propre et maintenable.',
        features: ['React et TypeScript', 'Intégration de CMS headless', 'Architecture cloud évolutive'],
      },
      {
        title: 'Applications mobiles',
        description:
          'Des applications natives et multiplateformes pour iOS et Android, agréables sur tous les appareils et pensées pour accompagner votre croissance.',
        features: ['iOS et Android', 'Développement multiplateforme', 'Publication sur les stores'],
      },
      {
        title: 'Design UI/UX',
        description:
          'Des interfaces intuitives et fidèles à votre marque, fondées sur la recherche utilisateur, le prototypage rapide et des design systems solides.',
        features: ['Recherche utilisateur', 'Prototypes interactifs', 'Design systems'],
      },
      {
        title: 'Optimisation des performances',
        description:
          "Nous auditons et optimisons votre produit pour des pages qui s'affichent instantanément, une meilleure conversion et un meilleur référencement.",
        features: ['Audits Core Web Vitals', 'Mise en cache et CDN', 'Tests de charge'],
      },
      {
        title: 'Solutions de sécurité',
        description:
          'Nous protégeons votre produit et vos utilisateurs grâce à une architecture sécurisée dès la conception, des revues approfondies et des pratiques conformes au RGPD.',
        features: ['Audits de sécurité', 'Conformité RGPD', 'Authentification sécurisée'],
      },
      {
        title: 'Stratégie digitale',
        description:
          'Nous vous aidons à définir le bon produit, à prioriser votre feuille de route et à investir dans les technologies qui feront avancer votre activité.',
        features: ['Cadrage produit', 'Feuille de route technique', 'Analytics et croissance'],
      },
    ],
  },
  // Empty: the language's own 'Get in touch' and 'Send us a message' show (app/i18n).
  contact: { title: '', formTitle: '' },
};

export const defaultLanding: Record<Language, LandingContent> = { en, fr };
