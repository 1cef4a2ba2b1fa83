import { useLocation } from 'react-router';

import { useTranslation } from '#app/i18n/use-translation.ts';

/**
 * Spec 2.14: one button toggling en/fr that shows the current code in capitals. A plain POST form:
 * the server stores the choice in a cookie and sends the visitor back to the same place; the page's
 * script (app/site/enhance.ts) also remembers it in localStorage.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { language, t } = useTranslation();
  const location = useLocation();
  const next = language === 'en' ? 'fr' : 'en';
  return (
    // data-discover: the attribute React Router's <Form> wrote here, kept so the public HTML stays byte for byte the same.
    <form className={className} data-language-switch="" data-discover="true" action="/language" method="post">
      <input type="hidden" name="language" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}${location.hash}`} />
      {/* The button's text is the code alone; its name adds what pressing it does. */}
      <button
        type="submit"
        data-testid="language-switcher"
        aria-label={`${language.toUpperCase()}: ${t('language.switchTo', { language: t(`language.${next}`) })}`}
        className="inline-flex h-10 min-w-10 items-center justify-center rounded-md border border-gray-300 px-2 text-sm font-semibold text-site-text hover:border-site-primary-strong hover:text-site-primary-strong"
      >
        {language.toUpperCase()}
      </button>
    </form>
  );
}
