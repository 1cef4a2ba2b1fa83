import { useEffect, useId, useState } from 'react';

import { isCssColor } from '#app/lib/theme/schema.ts';

const input =
  'block w-full rounded-md border border-gray-300 px-2 py-1.5 text-sm text-gray-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none aria-[invalid=true]:border-red-600';

/** `primaryColor` → "Primary Color", `h1Size` → "H1 Size". */
export function labelOf(key: string): string {
  const words = key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
  return words.replace(/\bH(\d)/, 'H$1');
}

/** The #rrggbb a colour input can show for `value`, or null when it is not a hex colour. */
function pickerValue(value: string): string | null {
  const v = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return null;
}

/** A field's label (with its unit, if any) above the control. */
function Labelled(props: { id: string; label: string; unit?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block text-xs font-medium text-gray-800">
        {props.label}
        {props.unit ? <span className="font-normal text-gray-600"> ({props.unit})</span> : null}
      </label>
      {props.children}
    </div>
  );
}

/** What every setting field is given: its label, its value and what to call when it changes. */
interface FieldProps<T> {
  label: string;
  value: T;
  onChange: (value: T) => void;
}

/** A colour: a picker and a text field holding the same value; `optional` allows empty ("as the theme"). */
export function ColorField(
  props: FieldProps<string> & {
    optional?: boolean;
    warning?: string | null;
  },
) {
  const id = useId();
  const invalid = props.value.trim() === '' ? !props.optional : !isCssColor(props.value);
  const picker = pickerValue(props.value);
  return (
    <Labelled id={id} label={props.label}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${props.label} picker`}
          value={picker ?? '#000000'}
          onChange={(event) => props.onChange(event.target.value)}
          className="h-8 w-10 shrink-0 cursor-pointer rounded border border-gray-300 bg-white p-0.5"
        />
        <input
          id={id}
          type="text"
          value={props.value}
          placeholder={props.optional ? 'As the theme' : undefined}
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid || props.warning ? `${id}-note` : undefined}
          onChange={(event) => props.onChange(event.target.value)}
          className={input}
        />
      </div>
      {invalid ? (
        <p id={`${id}-note`} className="mt-1 text-xs text-red-700">
          Use a CSS colour such as #1f2937, rgb(31, 41, 55) or a colour name.
        </p>
      ) : props.warning ? (
        <p id={`${id}-note`} className="mt-1 text-xs text-amber-800" role="status">
          {props.warning}
        </p>
      ) : null}
    </Labelled>
  );
}

/** A number within bounds; what is typed shows at once, and reaches the theme only when it is valid. */
export function NumberField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(props.value));
  useEffect(() => setText((current) => (Number(current) === props.value && current !== '' ? current : String(props.value))), [props.value]);
  const number = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(number) && number >= props.min && number <= props.max;
  return (
    <Labelled id={id} label={props.label} unit={props.unit}>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={text}
        aria-invalid={!valid || undefined}
        aria-describedby={valid ? undefined : `${id}-error`}
        onChange={(event) => {
          setText(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isFinite(next) && next >= props.min && next <= props.max) props.onChange(next);
        }}
        className={input}
      />
      {valid ? null : (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          Must be between {props.min} and {props.max}.
        </p>
      )}
    </Labelled>
  );
}

export function SelectField<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <Labelled id={id} label={props.label}>
      <select id={id} value={props.value} onChange={(event) => props.onChange(event.target.value as T)} className={input}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

export function TextField(
  props: FieldProps<string> & {
    placeholder?: string;
    error?: string | null;
  },
) {
  const id = useId();
  return (
    <Labelled id={id} label={props.label}>
      <input
        id={id}
        type="text"
        value={props.value}
        placeholder={props.placeholder}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        className={input}
      />
      {props.error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {props.error}
        </p>
      ) : null}
    </Labelled>
  );
}

/** A titled group of settings that folds away. */
export function SettingsGroup(props: { title: string; children: React.ReactNode; open?: boolean }) {
  return (
    <details open={props.open} className="group border-b border-gray-200 py-2">
      <summary className="cursor-pointer list-none py-1 text-sm font-semibold text-gray-900 marker:hidden focus-visible:outline-2 focus-visible:outline-blue-700">
        <span className="mr-1 inline-block transition-transform group-open:rotate-90" aria-hidden>
          ›
        </span>
        {props.title}
      </summary>
      <div className="mt-2 grid grid-cols-2 gap-3">{props.children}</div>
    </details>
  );
}
