import type { z } from 'zod';

/** A zod path as the form field name it came from, as Conform names fields: about.stats[0].label. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`)).join('');
}

/**
 * The first message for each field, keyed by field name, for a JSON endpoint that parses a body no form posted
 * (the theme editor's draft). Forms parse with Conform's `parseWithZod` instead, and services take checked input.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[fieldName(issue.path)] ??= issue.message;
  return errors;
}
