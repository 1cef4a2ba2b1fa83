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
        <SelectField label="Width" value={s.width} options={WIDTHS} onChange={(v) => onChange('width', v)} />
        <NumberField
          label="Max Width"
          unit="px, 0 = none"
          value={s.maxWidth}
          min={0}
          max={4000}
          onChange={(v) => onChange('maxWidth', v)}
        />
        <SelectField label="Height" value={s.height} options={HEIGHTS} onChange={(v) => onChange('height', v)} />
        <BoxFields label="Padding" value={s.padding} min={0} onChange={(v) => onChange('padding', v)} />
        <BoxFields label="Margin" value={s.margin} min={-1000} onChange={(v) => onChange('margin', v)} />
      </SettingsGroup>
      <SettingsGroup title="Typography">
        <SelectField label="Title Font" value={s.titleFont} options={FONTS} onChange={(v) => onChange('titleFont', v)} />
        <SelectField label="Text Font" value={s.textFont} options={FONTS} onChange={(v) => onChange('textFont', v)} />
        <NumberField
          label="Title Size"
          unit="px, 0 = theme"
          value={s.titleSize}
          min={0}
          max={200}
          onChange={(v) => onChange('titleSize', v)}
        />
        <NumberField
          label="Text Size"
          unit="px, 0 = theme"
          value={s.textSize}
          min={0}
          max={100}
          onChange={(v) => onChange('textSize', v)}
        />
        <NumberField
          label="Section Line Height"
          unit="0 = theme"
          value={s.lineHeight}
          min={0}
          max={4}
          step={0.05}
          onChange={(v) => onChange('lineHeight', v)}
        />
      </SettingsGroup>
      <SettingsGroup title="Colors">
        <ColorField optional label="Section Background Color" value={s.backgroundColor} onChange={(v) => onChange('backgroundColor', v)} />
        <ColorField
          optional
          label="Section Text Color"
          value={s.textColor}
          warning={warnings.textColor}
          onChange={(v) => onChange('textColor', v)}
        />
        <ColorField
          optional
          label="Title Color"
          value={s.titleColor}
          warning={warnings.titleColor}
          onChange={(v) => onChange('titleColor', v)}
        />
        <ColorField
          optional
          label="Section Link Color"
          value={s.linkColor}
          warning={warnings.linkColor}
          onChange={(v) => onChange('linkColor', v)}
        />
        <ColorField optional label="Section Link Hover Color" value={s.linkHoverColor} onChange={(v) => onChange('linkHoverColor', v)} />
      </SettingsGroup>
      <SettingsGroup title="Background">
        <SelectField
          label="Background Type"
          value={s.backgroundType}
          options={BACKGROUNDS}
          onChange={(v) => onChange('backgroundType', v)}
        />
        <TextField
          label="Background Image"
          placeholder="/media/photo.jpg"
          value={s.backgroundImage}
          onChange={(v) => onChange('backgroundImage', v)}
        />
        <SelectField
          label="Background Position"
          value={s.backgroundPosition}
          options={POSITIONS}
          onChange={(v) => onChange('backgroundPosition', v)}
        />
        <SelectField label="Background Size" value={s.backgroundSize} options={SIZES} onChange={(v) => onChange('backgroundSize', v)} />
      </SettingsGroup>
      <SettingsGroup title="Advanced">
        <TextField
          label="Custom Classes"
          value={s.customClasses}
          error={/^[\w\s:/.[\]-]*$/.test(s.customClasses) ? null : 'Only class names (letters, digits, - _ : / . [ ]).'}
          onChange={(v) => onChange('customClasses', v)}
        />
        <NumberField label="Z-Index" value={s.zIndex} min={-1000} max={1000} onChange={(v) => onChange('zIndex', Math.trunc(v))} />
        <SelectField label="Overflow" value={s.overflow} options={OVERFLOWS} onChange={(v) => onChange('overflow', v)} />
        <SelectField label="Position" value={s.position} options={POSITIONINGS} onChange={(v) => onChange('position', v)} />
      </SettingsGroup>
    </section>
  );
}
