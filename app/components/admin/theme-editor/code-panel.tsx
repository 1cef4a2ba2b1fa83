import { lazy, Suspense, useState } from 'react';

import { TabList } from '#app/components/ui/tab-list.tsx';
import { type SectionName, THEME_SECTIONS } from '#app/lib/theme/model.ts';
import { DEFAULT_SECTION_HTML, SECTION_PLACEHOLDERS } from '#app/lib/theme/section-defaults.ts';

// CodeMirror is fetched the first time the code tab opens, never by any other screen.
const CodeEditor = lazy(() => import('./code-editor.tsx'));

type Language = 'html' | 'css';

/** The active section's HTML (a Mustache template over the section's content) and CSS (scoped to the section). */
export function CodePanel(props: {
  name: SectionName;
  html: string;
  css: string;
  onChange: (language: Language, value: string) => void;
  problem?: string | null;
}) {
  const [language, setLanguage] = useState<Language>('html');
  const label = THEME_SECTIONS.find((section) => section.name === props.name)!.label;
  return (
    <div className="flex h-full flex-col gap-2">
      <TabList
        label="Code language"
        idPrefix="code"
        items={[
          { id: 'html', label: 'html' },
          { id: 'css', label: 'css' },
        ]}
        selected={language}
        onSelect={setLanguage}
        variant="pill"
      />
      {language === 'html' ? (
        <div className="space-y-1 text-xs text-gray-600">
          <p>
            {label} HTML replaces the built-in markup (scripts, event handlers and javascript: links are removed). Leave it empty for the
            built-in section.
          </p>
          <p>
            Placeholders: <code className="break-words text-gray-800">{SECTION_PLACEHOLDERS[props.name]}</code>
          </p>
          {props.html.trim() === '' ? (
            <button
              type="button"
              onClick={() => props.onChange('html', DEFAULT_SECTION_HTML[props.name])}
              className="rounded-md px-2 py-1 font-medium text-blue-800 ring-1 ring-blue-200 ring-inset hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              Start from the default HTML
            </button>
          ) : null}
        </div>
      ) : (
        <p className="text-xs text-gray-600">
          {label} CSS applies to this section only: a rule such as h2 {'{ … }'} styles this section's headings.
        </p>
      )}
      <div role="tabpanel" aria-label={`${label} ${language.toUpperCase()}`} className="min-h-72 flex-1">
        <Suspense fallback={<p className="p-4 text-sm text-gray-600">Loading the code editor…</p>}>
          <CodeEditor
            key={`${props.name}-${language}`}
            language={language}
            label={`${label} ${language.toUpperCase()}`}
            value={language === 'html' ? props.html : props.css}
            onChange={(value) => props.onChange(language, value)}
          />
        </Suspense>
      </div>
      {props.problem ? (
        <p role="alert" className="text-xs text-red-700">
          {props.problem}
        </p>
      ) : null}
    </div>
  );
}
