import { useTranslation } from '#app/i18n/use-translation.ts';
import type { LandingContent } from '#app/schemas/landing.ts';
import type { ContactInfo } from '#app/services/settings/defaults.ts';

import { ContactForm } from './contact-form.tsx';
import { Icon } from './icon.tsx';

/**
 * Spec 2.1 contact (id contact): the contact-information panel and the form. The headings come from Content
 * Management (empty: the language's own), the details from Contact Settings.
 */
export function ContactSection({ contact, headings }: { contact: ContactInfo; headings: LandingContent['contact'] }) {
  const { t } = useTranslation();
  const details = [
    { icon: 'phone' as const, label: t('contact.phone'), value: contact.phone, href: `tel:${contact.phone.replace(/[^\d+]/g, '')}` },
    { icon: 'mail' as const, label: t('contact.email'), value: contact.email, href: `mailto:${contact.email}` },
    { icon: 'map-pin' as const, label: t('contact.address'), value: contact.address },
  ];
  return (
    <section id="contact" className="relative bg-site-muted px-4 py-[var(--theme-section-spacing)] sm:px-6 lg:px-8">
      <div className="mx-auto grid max-w-7xl gap-12 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <h2 className="font-site-heading text-3xl font-bold text-site-headings sm:text-4xl">{headings.title || t('contact.title')}</h2>
          <p className="mt-4 text-lg text-site-text">{contact.description}</p>
          <dl className="mt-8 space-y-5">
            {details.map(({ icon, label, value, href }) =>
              value ? (
                <div key={label} className="flex gap-4">
                  <dt>
                    <span className="sr-only">{label}</span>
                    <Icon name={icon} className="mt-0.5 h-5 w-5 text-site-primary-strong" />
                  </dt>
                  <dd className="text-site-text">
                    {href ? (
                      <a href={href} className="hover:underline">
                        {value}
                      </a>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              ) : null,
            )}
          </dl>
        </div>
        <div className="rounded-xl bg-site-bg p-6 shadow-sm ring-1 ring-site-border sm:p-8 lg:col-span-3">
          <h3 className="mb-6 font-site-heading text-xl font-semibold text-site-headings">
            {headings.formTitle || t('contact.formTitle')}
          </h3>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
