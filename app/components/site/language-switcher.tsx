import { useLocation, useMatches, useRouteLoaderData } from 'react-router';

import { unprefixedPath } from '#app/i18n/detect.ts';
import { useTranslation } from '#app/i18n/use-translation.ts';
import { localizedPath } from '#app/lib/language-paths.ts';

/**
 * Where the switch to `next` goes (decision 030): a page's or article's translation at its own URL, or, with none,
 * the same item at the other language's prefix, shown with the "not yet available" notice (its loader's `switchTo`);
 * anywhere else the same path in the other language (home, blog). Never a 404.
 */
function useSwitchTarget(next: string, pathname: string, search: string): string {
  const matches = useMatches();
  const layout = useRouteLoaderData<{ defaultLanguage?: string }>('routes/site/layout');
  const item = [...matches].reverse().find((match) => (match.data as { switchTo?: Record<string, string> } | undefined)?.switchTo);
  const switchTo = (item?.data as { switchTo: Record<string, string> } | undefined)?.switchTo;
  if (switchTo?.[next]) return switchTo[next];
  const query = new URLSearchParams(search);
  query.delete('lng');
  const rest = query.toString();
  return `${localizedPath(unprefixedPath(pathname), next, layout?.defaultLanguage ?? 'en')}${rest ? `?${rest}` : ''}`;
}

/**
 * Spec 2.14: one button toggling en/fr that shows the current code in capitals. A plain POST form:
 * the server stores the choice in a cookie and sends the visitor back to the same place; the page's
 * script (app/site/enhance.ts) also remembers it in localStorage.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { language, t } = useTranslation();
  const location = useLocation();
  const next = language === 'en' ? 'fr' : 'en';
  const target = useSwitchTarget(next, location.pathname, location.search);
  return (
    // data-discover: the attribute React Router's <Form> wrote here, kept so the public HTML stays byte for byte the same.
    <form className={className} data-language-switch="" data-discover="true" action="/language" method="post">
      <input type="hidden" name="language" value={next} />
      <input type="hidden" name="redirectTo" value={target} />
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
