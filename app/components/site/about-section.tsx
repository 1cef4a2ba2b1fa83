import { useTranslation } from '#app/i18n/use-translation.ts';
import type { LandingContent } from '#app/schemas/landing.ts';

import { Icon } from './icon.tsx';
import type { SiteIconName } from './icon-names.ts';

/** The agency's founding year (docs/product.md, Public site). */
export const FOUNDED_YEAR = 2014;
const VALUE_ICONS: SiteIconName[] = ['target', 'heart-handshake', 'award', 'lightbulb'];

/** Spec 2.1 about (id about): four statistics, four values and the founding year. */
export function AboutSection({ about }: { about: LandingContent['about'] }) {
  const { t } = useTranslation();
  return (
    <section id="about" className="px-4 py-[var(--theme-section-spacing)] sm:px-6 lg:px-8">
      <div className="mx-auto grid max-w-7xl gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-site-primary-strong uppercase">{about.subtitle}</p>
          <h2 className="mt-2 font-site-heading text-3xl font-bold text-site-headings sm:text-4xl">{about.title}</h2>
          <p className="mt-4 text-lg leading-8 text-site-text">{about.description}</p>
          <p className="mt-4 inline-block rounded-full bg-site-muted px-3 py-1 text-sm font-medium text-site-text">
            {about.founded || t('about.founded', { year: FOUNDED_YEAR })}
          </p>
          <dl className="mt-8 grid grid-cols-2 gap-6">
            {about.stats.map((stat) => (
              <div key={stat.label} className="rounded-xl bg-site-muted p-5 ring-1 ring-site-border">
                <dt className="text-sm text-site-text">{stat.label}</dt>
                <dd className="mt-1 font-site-heading text-3xl font-bold text-site-headings">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h3 className="font-site-heading text-xl font-semibold text-site-headings">{about.valuesTitle || t('about.valuesTitle')}</h3>
          <ul className="mt-6 space-y-6">
            {about.values.map((value, index) => {
              return (
                <li key={value.title} className="flex gap-4">
                  <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-site-primary-strong">
                    <Icon name={VALUE_ICONS[index % VALUE_ICONS.length]!} className="h-5 w-5" />
                  </span>
                  <div>
                    <h4 className="font-semibold text-site-headings">{value.title}</h4>
                    <p className="mt-1 text-sm leading-6 text-site-text">{value.description}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
