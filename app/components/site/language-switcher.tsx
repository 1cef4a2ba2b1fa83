import { Form, useLocation } from 'react-router';

import { LANGUAGE_STORAGE_KEY } from '#app/i18n/languages.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';

/**
 * Spec 2.14: one button toggling en/fr that shows the current code in
 * capitals. A POST form, so it works without JavaScript; the server stores the
 * choice in a cookie and sends the visitor back to the same place.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { language, t } = useTranslation();
  const location = useLocation();
  const next = language === 'en' ? 'fr' : 'en';
  return (
    <Form
      method="post"
      action="/language"
      preventScrollReset
      className={className}
      data-language-switch=""
      onSubmit={() => {
        try {
          localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
        } catch {
          // Storage can be disabled; the cookie still carries the choice.
        }
      }}
    >
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
    </Form>
  );
}
