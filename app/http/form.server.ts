import { data } from 'react-router';

/** Reads a submitted form; a malformed body is the sender's mistake, so it answers 400, never 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: 'The submitted form could not be read.' }, { status: 400 });
  }
}

/** A text field's value, or '' when absent or not text. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
