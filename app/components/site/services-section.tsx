import type { LandingContent } from '#app/schemas/landing.ts';

import { Icon } from './icon.tsx';
import type { SiteIconName } from './icon-names.ts';

// One icon per seeded service, in order (web, mobile, design, performance, security, strategy).
const ICONS: SiteIconName[] = ['code', 'smartphone', 'palette', 'gauge', 'shield-check', 'trending-up'];

/** Spec 2.1 services (id services): six cards with icon, title, description and feature bullets. */
export function ServicesSection({ services }: { services: LandingContent['services'] }) {
  return (
    <section id="services" className="bg-site-muted px-4 py-[var(--theme-section-spacing)] sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-site-primary-strong uppercase">{services.subtitle}</p>
          <h2 className="mt-2 font-site-heading text-3xl font-bold text-site-headings sm:text-4xl">{services.title}</h2>
          <p className="mt-4 text-lg text-site-text">{services.description}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.items.map((item, index) => {
            return (
              <li key={index} className="rounded-xl bg-site-bg p-6 shadow-sm ring-1 ring-site-border">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-blue-50 text-site-primary-strong">
                  <Icon name={ICONS[index % ICONS.length]!} className="h-6 w-6" />
                </span>
                <h3 className="mt-4 font-site-heading text-lg font-semibold text-site-headings">{item.title}</h3>
                <p className="mt-2 text-sm leading-6 text-site-text">{item.description}</p>
                <ul className="mt-4 space-y-1 text-sm text-site-text">
                  {item.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-site-secondary-strong" />
                      {feature}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
