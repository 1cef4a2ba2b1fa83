import { z } from 'zod';

import { SITE_LANGUAGES } from '#app/i18n/languages.ts';
import { DATE_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '#app/lib/format-date.ts';

import { perLanguage } from './per-language.ts';

/** Settings choices of docs/product.md (Constants): value and label. */
export const TIMEZONE_OPTIONS = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
] as const;
export const CACHE_TTL_OPTIONS = [
  { value: 300, label: '5 minutes' },
  { value: 900, label: '15 minutes' },
  { value: 1800, label: '30 minutes' },
  { value: 3600, label: '1 hour' },
  { value: 86400, label: '24 hours' },
] as const;

const languages = SITE_LANGUAGES.map((entry) => entry.code);
const ttls = CACHE_TTL_OPTIONS.map((option) => option.value);

/** A checkbox posts 'on' when ticked and nothing otherwise (so the form marks it optional). */
const checkbox = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()).default(false);
const text = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : ''),
    z.string().max(max, `${label} must be at most ${max} characters.`),
  );

/** A site path (/media/…) or an http(s) address; empty means "none". */
const imageAddress = (label: string) =>
  text(2000, label).refine(
    (value) => {
      if (!value) return true;
      if (value.startsWith('/') && !value.startsWith('//')) return !/\s/.test(value);
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: `${label} must be a site path such as /media/logo.svg or an http(s) address.` },
  );

export const generalSettingsSchema = z.object({
  siteName: text(100, 'Site Name').refine((value) => value.length > 0, { message: 'Site Name is required.' }),
  showSiteName: checkbox,
  tagline: text(200, 'Tagline').default(''),
  logo: imageAddress('Logo URL').default(''),
  // Absent from a form that does not show them: the stored value is kept.
  favicon: imageAddress('Favicon URL').optional(),
  dateFormat: z
    .enum(
      DATE_FORMAT_OPTIONS.map((option) => option.value),
      { message: 'Choose one of the offered date formats.' },
    )
    .optional(),
  timeFormat: z
    .enum(
      TIME_FORMAT_OPTIONS.map((option) => option.value),
      { message: 'Choose one of the offered time formats.' },
    )
    .optional(),
  language: z.enum(languages, { message: 'Choose one of the offered languages.' }),
  /** A language's blog list and feed also show the default language's untranslated posts, marked (decision 035). */
  includeFallbacks: checkbox,
  timezone: z.enum(TIMEZONE_OPTIONS, { message: 'Choose one of the offered timezones.' }),
  /** Site name and tagline in the other languages; empty shows the default ones. */
  translations: perLanguage({ siteName: text(100, 'Site Name'), tagline: text(200, 'Tagline') }),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/** Revisions kept per item unless Settings → Advanced say otherwise. */
export const DEFAULT_REVISIONS_KEPT = 50;
const REVISIONS_KEPT_MESSAGE = 'Enter a whole number from 0 (keep all) to 10000.';

export const advancedSettingsSchema = z.object({
  cacheTtl: z.coerce
    .number({ message: 'Choose one of the offered cache durations.' })
    .refine((value) => (ttls as number[]).includes(value), {
      message: 'Choose one of the offered cache durations.',
    }),
  maintenanceMode: checkbox,
  debugMode: checkbox,
  /** Asks search engines not to index the site: noindex on every page, Disallow: / in robots.txt. */
  discourageSearchEngines: checkbox,
  /** Hides the view counts on blog cards and articles (they are still counted). */
  hideViewCounts: checkbox,
  /** Revisions kept per page, post and landing copy; 0 keeps them all (the published one is always kept). */
  revisionsKept: z.preprocess(
    // A form that does not carry the field (an older client) keeps the default; an emptied field is an error.
    (value) => (value === undefined ? DEFAULT_REVISIONS_KEPT : value === '' ? Number.NaN : value),
    z.coerce
      .number({ message: REVISIONS_KEPT_MESSAGE })
      .refine((value) => Number.isInteger(value) && value >= 0 && value <= 10_000, { message: REVISIONS_KEPT_MESSAGE }),
  ),
});
export type AdvancedSettings = z.infer<typeof advancedSettingsSchema>;

const hostName = text(253, 'SMTP Host').refine((value) => value === '' || /^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/.test(value), {
  message: 'SMTP Host must be a host name or an IP address.',
});
const PORT_MESSAGE = 'SMTP Port must be a whole number from 1 to 65535.';
/** A port, or null when left empty. */
const port = z
  .preprocess(
    (value) => {
      const trimmed = typeof value === 'string' ? value.trim() : value;
      return trimmed === '' || trimmed === null ? undefined : trimmed;
    },
    z.coerce.number({ message: PORT_MESSAGE }).int(PORT_MESSAGE).min(1, PORT_MESSAGE).max(65535, PORT_MESSAGE).optional(),
  )
  .transform((value) => value ?? null);

export const emailSettingsSchema = z.object({
  smtpHost: hostName.default(''),
  smtpPort: port,
  smtpUsername: text(200, 'Username').default(''),
  /** Empty means "keep the stored password". */
  smtpPassword: z
    .preprocess((value) => (typeof value === 'string' ? value : ''), z.string().max(500, 'Password must be at most 500 characters.'))
    .default(''),
  fromEmail: text(254, 'From Email')
    .refine((value) => value === '' || z.email().safeParse(value).success, {
      message: 'From Email must be a valid email address.',
    })
    .default(''),
});

export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/**
 * Test Connection needs a host and a port, whatever else the form holds. Which ports and addresses it may dial
 * is the SMTP policy's to say, on the server (`app/services/mail/smtp-policy.server.ts`): the environment can widen it.
 */
export const smtpTargetSchema = z.object({
  smtpHost: hostName.refine((value) => value !== '', { message: 'Enter the SMTP Host to test.' }),
  smtpPort: port.refine((value) => value !== null, { message: 'Enter the SMTP Port to test.' }),
});

/** The Security tab's requirement: a permission name, or empty for nobody; the service checks it is a real one. */
export const twoFactorPolicySchema = z.object({ requiredFor: z.string().default('') });

/** Settings → Backups: how often a backup is written into DATA_DIR/backups, and how many are kept. */
export const BACKUP_SCHEDULES = [
  { value: 'off', label: 'Off', hours: 0 },
  { value: 'daily', label: 'Every day', hours: 24 },
  { value: 'weekly', label: 'Every week', hours: 24 * 7 },
] as const;
export const backupSettingsSchema = z.object({
  schedule: z.enum(['off', 'daily', 'weekly'], { message: 'Choose one of the offered schedules.' }),
  keep: z.coerce
    .number({ message: 'Keep must be a whole number from 1 to 100.' })
    .int('Keep must be a whole number from 1 to 100.')
    .min(1, 'Keep must be a whole number from 1 to 100.')
    .max(100, 'Keep must be a whole number from 1 to 100.'),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;
