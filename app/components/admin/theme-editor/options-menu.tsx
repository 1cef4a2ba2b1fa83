import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';

import { ColorSettings, PresetButtons, type ThemeSettingsProps } from './theme-settings-panel.tsx';

const MAIN_COLORS = ['primaryColor', 'secondaryColor', 'backgroundColor', 'textColor', 'headingsColor'] as const;
type Level = 'main' | 'selector' | 'colors';
const ENTRIES = [
  { level: 'selector', label: 'Theme Selector' },
  { level: 'colors', label: 'Colors' },
] as const;

/** The theme options menu: a main list, and one level below it with Back. */
export function OptionsMenu({ settings, onChange, onPreset }: ThemeSettingsProps) {
  const [level, setLevel] = useState<Level>('main');
  return (
    <section aria-labelledby="theme-options-title" className="border-t border-gray-200 p-3">
      <h2 id="theme-options-title" className="mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">
        Theme options
      </h2>
      {level === 'main' ? (
        <ul className="space-y-1">
          {ENTRIES.map((entry) => (
            <li key={entry.level}>
              <button
                type="button"
                onClick={() => setLevel(entry.level)}
                className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                {entry.label}
                <ChevronRight aria-hidden className="size-4 text-gray-500" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div>
          <div className="mb-2 flex items-center gap-2">
            <button
              type="button"
              onClick={() => setLevel('main')}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <ChevronLeft aria-hidden className="size-4" /> Back
            </button>
            <h3 className="text-sm font-semibold text-gray-900">{level === 'selector' ? 'Theme Selector' : 'Colors'}</h3>
          </div>
          {level === 'selector' ? (
            <PresetButtons onPreset={onPreset} />
          ) : (
            <div className="grid grid-cols-1 gap-3">
              <ColorSettings settings={settings} onChange={onChange} keys={MAIN_COLORS} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
