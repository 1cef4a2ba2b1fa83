import { data } from 'react-router';

/**
 * Bounds on a form's shape, checked before any parser sees the fields. Conform rebuilds nested
 * objects and arrays from field names, so `tags[10000000]` would allocate an array of ten million
 * slots and `a[0][0]…` five thousand levels deep would overflow the stack. Admin forms stay far
 * below these numbers (the largest, the landing content, has about 60 fields nested 3 deep).
 */
export const FORM_LIMITS = { fields: 1000, nameLength: 200, depth: 8, index: 999 } as const;

const SEGMENT = /\[(\d*)\]|\./g;

/** Why a field name is refused, or null when its shape is within the bounds. */
export function fieldNameProblem(name: string): string | null {
  if (name.length > FORM_LIMITS.nameLength) return 'a field name is too long';
  let depth = 0;
  for (const match of name.matchAll(SEGMENT)) {
    depth++;
    if (depth > FORM_LIMITS.depth) return 'a field is nested too deeply';
    if (match[1] && (match[1].length > 3 || Number(match[1]) > FORM_LIMITS.index)) return 'a list in the form is too long';
  }
  return null;
}

/** Reads a submitted form; a malformed or oversized shape is the sender's mistake, so it answers 400, never 500. */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: 'The submitted form could not be read.' }, { status: 400 });
  }
  let count = 0;
  for (const name of form.keys()) {
    if (++count > FORM_LIMITS.fields) throw data({ message: 'The submitted form has too many fields.' }, { status: 400 });
    const problem = fieldNameProblem(name);
    if (problem) throw data({ message: `The submitted form could not be read: ${problem}.` }, { status: 400 });
  }
  return form;
}

/** A text field's value, or '' when absent or not text. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
