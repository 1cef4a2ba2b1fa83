import { useTranslation } from '#app/i18n/use-translation.ts';

/**
 * Shown above a missing translation's fallback (decision 030): the default language's content at the prefixed URL,
 * said plainly in the visitor's language.
 */
export function TranslationNotice({ kind }: { kind: 'page' | 'article' }) {
  const { language, t } = useTranslation();
  return (
    <p
      role="note"
      data-translation-notice=""
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {t(kind === 'page' ? 'translation.pageMissing' : 'translation.articleMissing', { language: t(`language.${language}`) })}
    </p>
  );
}
