import { themeContrastWarnings } from '#app/lib/theme/contrast.ts';
import { COLOR_KEYS, type ColorKey, FONT_CHOICES, SIZE_BOUNDS, SIZE_KEYS, type SizeKey, type ThemeSettings } from '#app/lib/theme/model.ts';
import type { PresetName } from '#app/lib/theme/presets.ts';

import { ColorField, labelOf, NumberField, SelectField, SettingsGroup } from './setting-fields.tsx';

export type SettingChange = <K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) => void;

const FONT_OPTIONS = FONT_CHOICES.map((font) => ({ value: font, label: font }));
const SIZE_LABELS: Partial<Record<SizeKey, string>> = {
  baseTextSize: 'Base Text Size',
  h1Size: 'H1 Size',
  h2Size: 'H2 Size',
  h3Size: 'H3 Size',
  lineHeight: 'Line Height',
};

/** The presets, each replacing every theme setting at once. */
export function PresetButtons({ onPreset }: { onPreset: (name: PresetName) => void }) {
  return (
    <div className="flex gap-2">
      {(['default', 'dark'] as const).map((name) => (
        <button
          key={name}
          type="button"
          onClick={() => onPreset(name)}
          className="flex flex-1 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-800 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <span aria-hidden className={`size-4 rounded-full ring-1 ring-gray-300 ${name === 'dark' ? 'bg-gray-900' : 'bg-white'}`} />
          <span className="capitalize">{name}</span>
          <span className="sr-only">preset</span>
        </button>
      ))}
    </div>
  );
}

export function ColorSettings({
  settings,
  onChange,
  keys = COLOR_KEYS,
}: {
  settings: ThemeSettings;
  onChange: SettingChange;
  keys?: readonly ColorKey[];
}) {
  const warnings = themeContrastWarnings(settings);
  return (
    <>
      {keys.map((key) => (
        <ColorField
          key={key}
          label={labelOf(key)}
          value={settings[key]}
          warning={warnings[key]}
          onChange={(value) => onChange(key, value)}
        />
      ))}
    </>
  );
}

/** Every theme setting: colours, fonts, sizes and line height. */
/** What both ways of showing the theme's settings (the full panel and the options menu) are given. */
export interface ThemeSettingsProps {
  settings: ThemeSettings;
  onChange: SettingChange;
  onPreset: (name: PresetName) => void;
}

export function ThemeSettingsPanel({ settings, onChange, onPreset }: ThemeSettingsProps) {
  return (
    <section aria-labelledby="theme-settings-title">
      <h2 id="theme-settings-title" className="text-sm font-semibold text-gray-900">
        Theme settings
      </h2>
      <p className="mt-1 mb-2 text-xs text-gray-600">Presets replace all theme settings at once.</p>
      <PresetButtons onPreset={onPreset} />
      <SettingsGroup title="Colors" open>
        <ColorSettings settings={settings} onChange={onChange} />
      </SettingsGroup>
      <SettingsGroup title="Fonts">
        <SelectField label="Body Font" value={settings.bodyFont} options={FONT_OPTIONS} onChange={(value) => onChange('bodyFont', value)} />
        <SelectField
          label="Headings Font"
          value={settings.headingsFont}
          options={FONT_OPTIONS}
          onChange={(value) => onChange('headingsFont', value)}
        />
      </SettingsGroup>
      <SettingsGroup title="Sizes">
        {SIZE_KEYS.map((key) => (
          <NumberField
            key={key}
            label={SIZE_LABELS[key] ?? labelOf(key)}
            value={settings[key]}
            min={SIZE_BOUNDS[key][0]}
            max={SIZE_BOUNDS[key][1]}
            step={key === 'lineHeight' ? 0.05 : 1}
            unit={key === 'lineHeight' ? undefined : 'px'}
            onChange={(value) => onChange(key, value)}
          />
        ))}
      </SettingsGroup>
    </section>
  );
}
