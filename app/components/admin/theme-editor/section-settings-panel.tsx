import { sectionContrastWarnings } from '#app/lib/theme/contrast.ts';
import { type SectionName, type SectionSettings, THEME_SECTIONS, type ThemeSettings } from '#app/lib/theme/model.ts';

import { ColorField, NumberField, SelectField, SettingsGroup, TextField } from './setting-fields.tsx';

export type SectionSettingChange = <K extends keyof SectionSettings>(key: K, value: SectionSettings[K]) => void;

const options = <T extends string>(pairs: readonly (readonly [T, string])[]) => pairs.map(([value, label]) => ({ value, label }));
const WIDTHS = options([
  ['full', 'Full'],
  ['contained', 'Contained'],
  ['custom', 'Custom'],
] as const);
const HEIGHTS = options([
  ['auto', 'Auto'],
  ['full', 'Full'],
  ['custom', 'Custom'],
] as const);
const FONTS = options([
  ['', 'As the theme'],
  ['sans', 'Sans'],
  ['serif', 'Serif'],
  ['mono', 'Mono'],
] as const);
const BACKGROUNDS = options([
  ['color', 'Color'],
  ['gradient', 'Gradient'],
  ['image', 'Image'],
] as const);
const POSITIONS = options([
  ['center', 'Center'],
  ['top', 'Top'],
  ['bottom', 'Bottom'],
] as const);
const SIZES = options([
  ['cover', 'Cover'],
  ['contain', 'Contain'],
  ['auto', 'Auto'],
] as const);
const OVERFLOWS = options([
  ['visible', 'Visible'],
  ['hidden', 'Hidden'],
  ['scroll', 'Scroll'],
] as const);
const POSITIONINGS = options([
  ['static', 'Static'],
  ['relative', 'Relative'],
  ['absolute', 'Absolute'],
] as const);
const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function BoxFields({
  label,
  value,
  min,
  onChange,
}: {
  label: string;
  value: SectionSettings['padding'];
  min: number;
  onChange: (value: SectionSettings['padding']) => void;
}) {
  return (
    <fieldset className="col-span-2">
      <legend className="mb-1 text-xs font-semibold text-gray-800">{label}</legend>
      <div className="grid grid-cols-4 gap-2">
        {SIDES.map((side) => (
          <NumberField
            key={side}
            label={`${label} ${cap(side)}`}
            value={value[side]}
            min={min}
            max={1000}
            onChange={(n) => onChange({ ...value, [side]: n })}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The active section's settings: Layout, Typography, Colors, Background, Advanced. */
export function SectionSettingsPanel(props: {
  name: SectionName;
  settings: SectionSettings;
  theme: ThemeSettings;
  onChange: SectionSettingChange;
  onReset: () => void;
}) {
  const { settings: s, onChange } = props;
  // A field's value and its change, by the setting's key.
  const bind = <K extends keyof SectionSettings>(key: K) => ({
    value: s[key],
    onChange: (value: SectionSettings[K]) => onChange(key, value),
  });
  const label = THEME_SECTIONS.find((section) => section.name === props.name)!.label;
  const warnings = sectionContrastWarnings(s, props.theme);
  return (
    <section aria-labelledby="section-settings-title" className="mt-6">
      <div className="flex items-center justify-between gap-2">
        <h2 id="section-settings-title" className="text-sm font-semibold text-gray-900">
          {label} settings
        </h2>
        <button
          type="button"
          onClick={props.onReset}
          className="rounded-md px-2 py-1 text-xs font-medium text-red-800 ring-1 ring-red-200 ring-inset hover:bg-red-50"
        >
          Reset section
        </button>
      </div>
      <SettingsGroup title="Layout" open>
        <SelectField label="Width" options={WIDTHS} {...bind('width')} />
        <NumberField label="Max Width" unit="px, 0 = none" min={0} max={4000} {...bind('maxWidth')} />
        <SelectField label="Height" options={HEIGHTS} {...bind('height')} />
        <BoxFields label="Padding" min={0} {...bind('padding')} />
        <BoxFields label="Margin" min={-1000} {...bind('margin')} />
      </SettingsGroup>
      <SettingsGroup title="Typography">
        <SelectField label="Title Font" options={FONTS} {...bind('titleFont')} />
        <SelectField label="Text Font" options={FONTS} {...bind('textFont')} />
        <NumberField label="Title Size" unit="px, 0 = theme" min={0} max={200} {...bind('titleSize')} />
        <NumberField label="Text Size" unit="px, 0 = theme" min={0} max={100} {...bind('textSize')} />
        <NumberField label="Section Line Height" unit="0 = theme" min={0} max={4} step={0.05} {...bind('lineHeight')} />
      </SettingsGroup>
      <SettingsGroup title="Colors">
        <ColorField optional label="Section Background Color" {...bind('backgroundColor')} />
        <ColorField optional label="Section Text Color" warning={warnings.textColor} {...bind('textColor')} />
        <ColorField optional label="Title Color" warning={warnings.titleColor} {...bind('titleColor')} />
        <ColorField optional label="Section Link Color" warning={warnings.linkColor} {...bind('linkColor')} />
        <ColorField optional label="Section Link Hover Color" {...bind('linkHoverColor')} />
      </SettingsGroup>
      <SettingsGroup title="Background">
        <SelectField label="Background Type" options={BACKGROUNDS} {...bind('backgroundType')} />
        <TextField label="Background Image" placeholder="/media/photo.jpg" {...bind('backgroundImage')} />
        <SelectField label="Background Position" options={POSITIONS} {...bind('backgroundPosition')} />
        <SelectField label="Background Size" options={SIZES} {...bind('backgroundSize')} />
      </SettingsGroup>
      <SettingsGroup title="Advanced">
        <TextField
          label="Custom Classes"
          error={/^[\w\s:/.[\]-]*$/.test(s.customClasses) ? null : 'Only class names (letters, digits, - _ : / . [ ]).'}
          {...bind('customClasses')}
        />
        <NumberField label="Z-Index" value={s.zIndex} min={-1000} max={1000} onChange={(v) => onChange('zIndex', Math.trunc(v))} />
        <SelectField label="Overflow" options={OVERFLOWS} {...bind('overflow')} />
        <SelectField label="Position" options={POSITIONINGS} {...bind('position')} />
      </SettingsGroup>
    </section>
  );
}
