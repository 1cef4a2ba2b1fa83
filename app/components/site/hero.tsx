import { useTranslation } from '#app/i18n/use-translation.ts';
import type { ImageAttributes } from '#app/lib/responsive-image.ts';
import type { LandingContent } from '#app/schemas/landing.ts';

import { Icon } from './icon.tsx';

const WORD_STAGGER_S = 0.1;
const IMAGE_DELAY_S = 0.3;

function normalise(word: string): string {
  return word.toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Spec 2.1 hero (id home): badge, word-by-word title with the highlighted word, calls to action, screenshot. */
export function Hero({
  hero,
  image,
}: {
  hero: LandingContent['hero'];
  image: (ImageAttributes & { alt: string; altLanguage?: string }) | null;
}) {
  const { t } = useTranslation();
  const title = hero.title || t('hero.title');
  const highlight = normalise(hero.highlight || t('hero.highlight'));
  const words = title.split(/\s+/).filter(Boolean);
  return (
    <section id="home" className="relative overflow-hidden px-4 pt-12 pb-16 sm:px-6 lg:px-8 lg:pt-20">
      <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-2">
        <div>
          <a
            href="#contact"
            className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-site-text/10 py-1 pr-3 pl-1 text-sm text-site-text hover:bg-site-text/15 sm:gap-2"
          >
            {/* One line on phones too: the line is smaller and the arrow left out there; a longer line set in Content ends with an ellipsis. */}
            <span className="shrink-0 rounded-full bg-site-primary-strong px-2.5 py-0.5 text-xs font-semibold text-site-on-primary">
              {hero.badge || t('hero.whatsNew')}
            </span>
            <span className="min-w-0 truncate text-xs sm:text-sm">{hero.badgeText || t('hero.justShipped')}</span>
            <Icon name="arrow-right" className="hidden h-4 w-4 shrink-0 sm:block" />
          </a>
          <h1 className="mt-6 font-site-heading text-4xl leading-tight font-bold tracking-tight text-site-headings sm:text-5xl lg:text-6xl">
            {words.map((word, index) => (
              <span key={index}>
                <span
                  className={`site-rise inline-block ${normalise(word) === highlight ? 'text-site-primary-strong' : ''}`}
                  style={{ animationDelay: `${(index * WORD_STAGGER_S).toFixed(1)}s` }}
                  data-highlight={normalise(word) === highlight || undefined}
                >
                  {word}
                </span>{' '}
              </span>
            ))}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-site-text">{hero.subtitle || t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <a
              href="#contact"
              className="rounded-md bg-site-primary-strong px-5 py-3 text-sm font-semibold text-site-on-primary shadow-sm hover:opacity-90"
            >
              {hero.cta || t('hero.cta')}
            </a>
            <a href="#services" className="inline-flex items-center gap-1 text-sm font-semibold text-site-headings hover:underline">
              {hero.learnMore || t('hero.learnMore')} <Icon name="arrow-right" className="h-4 w-4" />
            </a>
          </div>
        </div>
        {image ? (
          <img
            {...imageAttributesOf(image)}
            sizes="(min-width: 1024px) 50vw, 100vw"
            alt={image.alt || t('hero.imageAlt')}
            lang={image.alt ? image.altLanguage : undefined}
            width={image.width ?? 1200}
            height={image.height ?? 800}
            fetchPriority="high"
            className="site-rise aspect-[3/2] w-full rounded-xl object-cover shadow-xl ring-1 ring-gray-200"
            style={{ animationDelay: `${IMAGE_DELAY_S}s` }}
          />
        ) : null}
      </div>
    </section>
  );
}

/** The <img> attributes of the hero image, without its alt text and the alt text's language (set beside them). */
function imageAttributesOf({
  alt: _alt,
  altLanguage: _altLanguage,
  ...attributes
}: ImageAttributes & { alt: string; altLanguage?: string }) {
  return attributes;
}
