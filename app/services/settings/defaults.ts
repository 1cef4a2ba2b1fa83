/** The contact information the public site shows. */
export interface ContactInfo {
  address: string;
  email: string;
  phone: string;
  description: string;
  /** The description in the site's other languages (decision 030), by language code; empty or absent shows `description`. */
  translations?: Partial<Record<string, { description?: string }>>;
}

export interface SocialLinks {
  twitter: string;
  linkedin: string;
  instagram: string;
}

/** General site settings (docs/product.md, Data: Site settings, general). */
export interface SiteSettings {
  siteName: string;
  showSiteName: boolean;
  tagline: string;
  logo: string;
  favicon: string;
  language: string;
  /**
   * Whether a language's blog list and feed also show the default language's posts that have no translation in it,
   * each marked with its language (decision 035). Off: each language lists only its own translations.
   */
  includeFallbacks?: boolean;
  timezone: string;
  dateFormat: string;
  timeFormat: string;
  /** Site name and tagline in the site's other languages (decision 030), by language code; empty or absent shows the default. */
  translations?: Partial<Record<string, { siteName?: string; tagline?: string }>>;
}

export const defaultContact: ContactInfo = {
  address: '12 Rue des Artisans, 75011 Paris, France',
  email: 'hello@atelier.agency',
  phone: '+33 1 84 60 12 34',
  description: "Have a project in mind or just want to say hello? Get in touch and we'll get back to you within one business day.",
};

export const defaultSocial: SocialLinks = {
  twitter: 'https://twitter.com/atelieragency',
  linkedin: 'https://www.linkedin.com/company/atelier-agency',
  instagram: 'https://www.instagram.com/atelier.agency',
};

export const defaultSiteSettings: SiteSettings = {
  siteName: 'Atelier',
  showSiteName: false,
  tagline: 'Digital products, crafted with care',
  logo: '/media/seed/company-logo.svg',
  favicon: '/favicon.svg',
  language: 'en',
  includeFallbacks: false,
  timezone: 'UTC',
  dateFormat: 'YYYY-MM-DD',
  timeFormat: '24',
};
