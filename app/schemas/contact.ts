/**
 * The contact form's rules, shared by the browser (checks on submit, then on
 * every change) and the server action (the authority). Written without zod on
 * purpose: zod would add about 5 KB of gzipped JavaScript to the landing page,
 * which has a 120 KB budget (docs/decisions/003-public-site-speed.md).
 * Errors are translation keys, so each side shows them in the visitor's language.
 */
export const CONTACT_MESSAGE_MAX = 500;

export const CONTACT_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  subject: 200,
  message: CONTACT_MESSAGE_MAX,
} as const;

export type ContactField = keyof typeof CONTACT_LIMITS;
export const CONTACT_FIELDS = Object.keys(CONTACT_LIMITS) as ContactField[];

export type ContactInput = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

// Linear time: the local part cannot hold '@' and the domain is dot-separated labels that cannot
// hold a dot, so there is only one way to split any input (the pattern before this one backtracked
// quadratically on a long run of dots).
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** Also used by the admin Contact Settings. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{6,}$/;
const REQUIRED: ContactField[] = ['firstName', 'lastName', 'email', 'subject', 'message'];

export function validateContact(
  raw: Partial<Record<string, unknown>>,
): { ok: true; data: ContactInput } | { ok: false; errors: ContactErrors } {
  const data = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, typeof raw[field] === 'string' ? (raw[field] as string).trim() : '']),
  ) as ContactInput;
  const errors: ContactErrors = {};
  // Lengths first: a pattern never runs on more text than the field may hold.
  for (const field of CONTACT_FIELDS) {
    if (data[field].length > CONTACT_LIMITS[field]) {
      errors[field] = field === 'message' ? 'contact.errors.messageTooLong' : 'contact.errors.tooLong';
    }
  }
  for (const field of REQUIRED) if (!data[field]) errors[field] = `contact.errors.${field}`;
  if (data.email && !errors.email && !EMAIL_PATTERN.test(data.email)) errors.email = 'contact.errors.email';
  if (data.phone && !errors.phone && !PHONE_PATTERN.test(data.phone)) errors.phone = 'contact.errors.phone';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data };
}
