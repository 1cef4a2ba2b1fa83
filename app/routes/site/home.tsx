import { data } from 'react-router';

import { AboutSection } from '#app/components/site/about-section.tsx';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_SUBMISSION_FIELD,
  CONTACT_TOKEN_FIELD,
  type ContactActionData,
} from '#app/components/site/contact-form.tsx';
import { ContactSection } from '#app/components/site/contact-section.tsx';
import { Hero } from '#app/components/site/hero.tsx';
import { ServicesSection } from '#app/components/site/services-section.tsx';
import { SiteErrorBoundary, siteErrorMeta } from '#app/components/site/site-error-page.tsx';
import { ThemedSection } from '#app/components/site/themed-section.tsx';
import { useSiteData } from '#app/components/site/use-site-data.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { siteThemeFor } from '#app/http/site-theme.server.ts';
import { siteRequestLanguage } from '#app/i18n/detect.ts';
import type { Language } from '#app/i18n/languages.ts';
import { publicPage } from '#app/lib/public-routes.ts';
import { imageAttributes } from '#app/lib/responsive-image.ts';
import { absoluteUrl, seoMeta, siteMatchData } from '#app/lib/seo.ts';
import { CONTACT_FIELDS, validateContact } from '#app/schemas/contact.ts';
import type { LandingContent } from '#app/schemas/landing.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import { CONTACT_FORM, submitContactMessage } from '#app/services/contact/contact-messages.server.ts';
import { getLandingContent } from '#app/services/landing/landing.server.ts';
import { findImageByUrl } from '#app/services/media/media-by-url.server.ts';
import { botReason } from '#app/services/public-forms/bot-check.server.ts';
import { signedFormToken } from '#app/services/public-forms/form-token.server.ts';
import { newSubmissionToken } from '#app/services/public-forms/idempotency.server.ts';
import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';
import { renderThemeSections } from '#app/services/themes/section-html.server.ts';

import type { Route } from './+types/home';

/** A public page: one answer per language for every anonymous visitor (see app/lib/public-routes.ts). */
export const handle = publicPage;

/**
 * The landing copy and its hero image, per language, kept in memory until the next public write. The image's alt text
 * is the library's in that language, else the default language's (with its `lang`), else none (the hero's own words).
 */
const landingFor = memoUntilWrite(async (language: Language) => {
  const content = await getLandingContent(language);
  const image = content.hero.image ? await findImageByUrl(content.hero.image, language) : null;
  const altLanguage = image?.altLanguage && image.altLanguage !== language ? image.altLanguage : undefined;
  return {
    content,
    heroImage: content.hero.image ? { ...imageAttributes(content.hero.image, image), alt: image?.alt ?? '', altLanguage } : null,
  };
});

/** The landing sections whose theme HTML is set, rendered over their content from Content Management. */
async function themedSections(request: Request, content: LandingContent) {
  const { theme } = await siteThemeFor(request);
  const contact = theme.sections.contact.html.trim() ? (await getSiteShell(siteRequestLanguage(request))).contact : {};
  return renderThemeSections(theme.sections, ['hero', 'services', 'about', 'contact'], {
    hero: content.hero,
    services: content.services,
    about: content.about,
    contact,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const landing = await landingFor(siteRequestLanguage(request));
  // The form's start token is signed and its submission token drawn per render; everything else is shared until the
  // next public write.
  return {
    ...landing,
    sectionHtml: await themedSections(request, landing.content),
    contactFormToken: signedFormToken(CONTACT_FORM),
    contactSubmissionToken: newSubmissionToken(),
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  const site = siteMatchData(matches);
  if (!loaderData || !site) return siteErrorMeta({ error, matches });
  const { siteName, logo, tagline } = site.shell.site;
  return seoMeta({
    title: `${siteName} · ${tagline}`,
    description: loaderData.content.hero.subtitle,
    keywords: loaderData.content.services.items.map((item) => item.title).join(', '),
    path: '/',
    origin: site.origin,
    language: site.language,
    defaultLanguage: site.defaultLanguage,
    siteName,
    image: loaderData.content.hero.image,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: siteName,
      url: `${site.origin}/`,
      logo: absoluteUrl(site.origin, logo),
      description: loaderData.content.about.description,
      foundingDate: '2014',
      sameAs: Object.values(site.shell.social).filter(Boolean),
    },
  });
};

/** The contact form (docs/product.md, Public site): validated by the shared rules, stored for the Messages inbox, guarded against spam. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, formText(form, field)]));
  const token = formText(form, CONTACT_TOKEN_FIELD).slice(0, 64);
  const submission = formText(form, CONTACT_SUBMISSION_FIELD).slice(0, 64);
  const result = validateContact(values);
  if (!result.ok) return data<ContactActionData>({ status: 'invalid', errors: result.errors, values, token, submission }, { status: 400 });
  // What looks like spam is answered as sent (a bot learns nothing) and filed under Spam, never dropped. Only the
  // server's own signed timestamp and the honeypot decide; nothing the client claims about itself is asked.
  const reason = botReason({ purpose: CONTACT_FORM, honeypot: formText(form, CONTACT_HONEYPOT_FIELD), token });
  // A resend of a message already stored (a retry after a lost answer) gets the same answer and stores nothing.
  const saved = await submitContactMessage({ ...result.data, ip: context.clientIp, spamReason: reason, submissionToken: submission });
  if (!saved.ok)
    return data<ContactActionData>(
      { status: 'rate-limited', values, token, submission },
      { status: 429, headers: { 'Retry-After': String(saved.retryAfterSeconds) } },
    );
  return data<ContactActionData>({ status: 'sent' });
}

export default function Home({ loaderData: { content, heroImage, sectionHtml } }: Route.ComponentProps) {
  const { shell, sections } = useSiteData();
  // Spec 2.1 (a hash in the address scrolls smoothly to its section) is the page's script's (app/site/enhance.ts).
  return (
    <>
      <ThemedSection name="hero" className={sections.classes.hero} html={sectionHtml.hero}>
        <Hero hero={content.hero} image={heroImage} />
      </ThemedSection>
      <ThemedSection name="services" className={sections.classes.services} html={sectionHtml.services}>
        <ServicesSection services={content.services} />
      </ThemedSection>
      <ThemedSection name="about" className={sections.classes.about} html={sectionHtml.about}>
        <AboutSection about={content.about} />
      </ThemedSection>
      <ThemedSection name="contact" className={sections.classes.contact} html={sectionHtml.contact}>
        <ContactSection contact={shell.contact} headings={content.contact} />
      </ThemedSection>
    </>
  );
}

/** A failing page keeps the site's look: its status, the header and footer, and the ways on. */
export const ErrorBoundary = SiteErrorBoundary;
