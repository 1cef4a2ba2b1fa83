import { Code2, SlidersHorizontal } from 'lucide-react';

import { FONT_CHOICES, type SectionName, THEME_SECTIONS, type ThemeSettings } from '#app/lib/theme/model.ts';
import type { PresetName } from '#app/lib/theme/presets.ts';

import { labelOf, SelectField } from './setting-fields.tsx';
import { PresetButtons, type SettingChange } from './theme-settings-panel.tsx';

const QUICK_COLORS = ['primaryColor', 'secondaryColor', 'backgroundColor', 'textColor'] as const;
const FONT_OPTIONS = FONT_CHOICES.map((font) => ({ value: font, label: font }));
const shortcut =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-gray-800 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-700';

/** The quick look: presets, the main colours and fonts, and the active section with its shortcuts. */
export function VisualPanel(props: {
  settings: ThemeSettings;
  onChange: SettingChange;
  onPreset: (name: PresetName) => void;
  active: SectionName | null;
  onOpen: (tab: 'code' | 'settings') => void;
  canOpen: { code: boolean; settings: boolean };
  onReset: () => void;
}) {
  const section = THEME_SECTIONS.find((s) => s.name === props.active);
  return (
    <div className="space-y-5">
      <div className="rounded-md bg-gray-50 p-3 text-sm text-gray-700">
        {section ? (
          <>
            <p>
              Editing <strong className="text-gray-900">{section.label}</strong>. Click a section in the preview or in the list to edit
              another.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {props.canOpen.settings ? (
                <button type="button" className={shortcut} onClick={() => props.onOpen('settings')}>
                  <SlidersHorizontal aria-hidden className="size-3.5" /> Section settings
                </button>
              ) : null}
              {props.canOpen.code ? (
                <button type="button" className={shortcut} onClick={() => props.onOpen('code')}>
                  <Code2 aria-hidden className="size-3.5" /> HTML and CSS
                </button>
              ) : null}
              <button type="button" className={`${shortcut} text-red-800 ring-red-200`} onClick={props.onReset}>
                Reset section
              </button>
            </div>
          </>
        ) : (
          <p>Click a section in the preview or in the list to edit it.</p>
        )}
      </div>
      <div>
        <h2 className="mb-2 text-sm font-semibold text-gray-900">Presets</h2>
        <PresetButtons onPreset={props.onPreset} />
      </div>
      <div>
        <h2 className="mb-2 text-sm font-semibold text-gray-900">Colors</h2>
        <ul className="flex flex-wrap gap-3" aria-label="Main colors">
          {QUICK_COLORS.map((key) => (
            <li key={key} className="flex items-center gap-1.5 text-xs text-gray-700">
              <span aria-hidden className="size-5 rounded ring-1 ring-gray-300" style={{ backgroundColor: props.settings[key] }} />
              {labelOf(key).replace(' Color', '')} <code className="text-gray-600">{props.settings[key]}</code>
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-gray-600">Change them in Settings or in Theme options › Colors.</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Headings Font"
          value={props.settings.headingsFont}
          options={FONT_OPTIONS}
          onChange={(value) => props.onChange('headingsFont', value)}
        />
        <SelectField
          label="Body Font"
          value={props.settings.bodyFont}
          options={FONT_OPTIONS}
          onChange={(value) => props.onChange('bodyFont', value)}
        />
      </div>
    </div>
  );
}
