import { FIELD_LABELS } from '#app/lib/revision-fields.ts';

/** An editor form's fields: one text each, or a list for a field sent several times (categories). */
export type FormFields = Record<string, string | string[]>;

/** Fields that are the form's machinery, not the item: never autosaved or restored. */
const MACHINERY = new Set(['version', 'intent']);

/** Reads every field of the form as it would be submitted, whatever widget keeps it (a rich editor keeps its textarea). */
export function readFormFields(form: HTMLFormElement): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string' || MACHINERY.has(name)) continue;
    const held = fields[name];
    fields[name] = held === undefined ? value : [held, value].flat();
  }
  return fields;
}

/** A saved revision's state (the save's typed input) as the form's fields: tags back to "a, b", lists kept. */
export function stateToFields(state: unknown): FormFields {
  const fields: FormFields = {};
  if (state === null || typeof state !== 'object') return fields;
  for (const [name, value] of Object.entries(state as Record<string, unknown>)) {
    if (MACHINERY.has(name)) continue;
    if (Array.isArray(value)) fields[name] = name === 'tags' ? value.map(String).join(', ') : value.map(String);
    else fields[name] = value === null || value === undefined ? '' : String(value);
  }
  return fields;
}

export const listOf = (value: string | string[] | undefined): string[] => (value === undefined ? [] : [value].flat());
export const textOf = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

/**
 * The item's fields that differ between two copies: of `names` (by default the fields the page and post editors
 * show, in the editor's order).
 */
export function differingFields(before: FormFields, after: FormFields, names: readonly string[] = Object.keys(FIELD_LABELS)): string[] {
  return names.filter((name) => {
    if (before[name] === undefined && after[name] === undefined) return false;
    const isList = Array.isArray(before[name]) || Array.isArray(after[name]) || name === 'categories';
    if (isList) return listOf(before[name]).sort().join('\u0000') !== listOf(after[name]).sort().join('\u0000');
    return textOf(before[name]) !== textOf(after[name]);
  });
}

/** "14:32" in the browser's clock. */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
}
