import { z } from 'zod';

import { slugify } from '#app/lib/slug.ts';

// Building blocks shared by the page and post forms. Conform turns an empty field into `undefined`,
// so "required" is expressed as the type error's message as well as a minimum length.

export function requiredText(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

export function optionalText(max: number) {
  return z.string().trim().max(max, `Must be at most ${max} characters`).default('');
}

/** Typed freely, stored normalised: lowercase words joined by hyphens. */
export const slugField = z.string({ error: 'Slug is required' }).transform(slugify).pipe(z.string().min(1, 'Slug is required'));

/** A picture address: a path on this site or an http(s) URL (never javascript: or data:). */
export const imageUrlField = z
  .string()
  .trim()
  .max(2000, 'Must be at most 2000 characters')
  .refine((value) => /^(\/(?!\/)|https?:\/\/)/i.test(value), 'Enter an address starting with /, http:// or https://')
  .optional();

/** The browser's datetime-local value ("2024-01-15T09:00"), read as UTC, the site's time zone. */
export const publishDateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/, 'Enter a valid date and time')
  .refine((value) => !Number.isNaN(Date.parse(`${value}Z`)), 'Enter a valid date and time')
  .optional();

/** The version the editor was opened at; a save based on an older one is refused. */
export const versionField = z.coerce.number().int().positive().optional();

/** ISO timestamp → the datetime-local field's value. */
export function toDateTimeLocal(iso: string | null): string {
  return iso ? iso.slice(0, 16) : '';
}

/** The datetime-local field's value → ISO timestamp (UTC). */
export function fromDateTimeLocal(value: string): string {
  return new Date(`${value.length === 16 ? `${value}:00` : value}Z`).toISOString();
}
