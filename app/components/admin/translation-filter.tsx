import { inputClass } from '#app/components/ui/buttons.ts';
import { SITE_LANGUAGES } from '#app/i18n/languages.ts';

const labelOf = (code: string) => SITE_LANGUAGES.find((entry) => entry.code === code)?.label ?? code;

/** The lists' "Missing in French" filter (decision 030): items without a live translation in a language. */
export function TranslationFilter(props: { languages: readonly string[]; selected: string }) {
  if (props.languages.length === 0) return null;
  return (
    <div>
      <label htmlFor="list-missing" className="sr-only">
        Translations
      </label>
      <select id="list-missing" name="missing" defaultValue={props.selected} className={`${inputClass} w-auto`}>
        <option value="">All translations</option>
        {props.languages.map((code) => (
          <option key={code} value={code}>
            Missing in {labelOf(code)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Each language's state of one listed item, under its title: "EN Published · FR Missing". */
export function TranslationStates(props: { states: Record<string, string> | undefined }) {
  const entries = Object.entries(props.states ?? {});
  if (entries.length < 2) return null;
  return (
    <p className="text-xs text-gray-700" data-translations>
      {entries.map(([code, state], index) => (
        <span key={code}>
          {index ? ' · ' : ''}
          <abbr title={labelOf(code)} className="font-semibold no-underline">
            {code.toUpperCase()}
          </abbr>{' '}
          {state === 'review' ? 'pending review' : state}
        </span>
      ))}
    </p>
  );
}
