import { defaultSiteSettings, type SiteSettings } from '#app/services/settings/defaults.ts';
import {
  type AdvancedSettings,
  advancedSettingsSchema,
  emailSettingsSchema,
  fieldErrors,
  type GeneralSettings,
  generalSettingsSchema,
} from '#app/schemas/settings.ts';
import { readSetting, writeSettings } from './settings-store.server.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import { setDefaultLanguage } from '#app/i18n/detect.ts';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '#app/i18n/languages.ts';

export type SaveResult = { ok: true } | { ok: false; errors: Record<string, string> };

export interface StoredEmailSettings {
  smtpHost: string;
  smtpPort: number | null;
  smtpUsername: string;
  smtpPassword: string;
  fromEmail: string;
}

/** What the Email tab may show: never the password itself, only whether one is stored. */
export type EmailSettingsView = Omit<StoredEmailSettings, 'smtpPassword'> & { hasPassword: boolean };

export const DEFAULT_ADVANCED: AdvancedSettings = { cacheTtl: 3600, maintenanceMode: false, debugMode: false };
const DEFAULT_EMAIL: StoredEmailSettings = { smtpHost: '', smtpPort: null, smtpUsername: '', smtpPassword: '', fromEmail: '' };

export async function getSiteSettings(): Promise<SiteSettings> {
  return readSetting<SiteSettings>('site', defaultSiteSettings);
}

/** The public site's language for visitors whose browser states neither English nor French. */
export const publicLanguage = (language: string): Language => (isLanguage(language) ? language : FALLBACK_LANGUAGE);

/**
 * The site settings for a page being rendered, kept in memory until the next public write; reading
 * them makes their language the default of language detection.
 */
const cachedSiteSettings = memoUntilWrite(getSiteSettings);
export async function getSiteSettingsForRequest(): Promise<SiteSettings> {
  const site = await cachedSiteSettings();
  setDefaultLanguage(publicLanguage(site.language));
  return site;
}

/** Saves the General tab; favicon, date and time formats are kept. The public pages show the change at once. */
export async function saveSiteSettings(input: unknown): Promise<SaveResult> {
  const parsed = generalSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const general: GeneralSettings = parsed.data;
  const given = Object.fromEntries(Object.entries(general).filter(([, value]) => value !== undefined));
  await writeSettings({ site: { ...(await getSiteSettings()), ...given } });
  setDefaultLanguage(publicLanguage(general.language));
  return { ok: true };
}

export async function getAdvancedSettings(): Promise<AdvancedSettings> {
  return readSetting<AdvancedSettings>('advanced', DEFAULT_ADVANCED);
}

export async function saveAdvancedSettings(input: unknown): Promise<SaveResult> {
  const parsed = advancedSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  await writeSettings({ advanced: parsed.data });
  return { ok: true };
}

export async function getEmailSettings(): Promise<EmailSettingsView> {
  const { smtpPassword, ...rest } = await readSetting<StoredEmailSettings>('email', DEFAULT_EMAIL);
  return { ...rest, hasPassword: smtpPassword !== '' };
}

/** Saves the Email tab; an empty password leaves the stored one unchanged. */
export async function saveEmailSettings(input: unknown): Promise<SaveResult> {
  const parsed = emailSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const stored = await readSetting<StoredEmailSettings>('email', DEFAULT_EMAIL);
  const { smtpPassword, ...rest } = parsed.data;
  await writeSettings({ email: { ...rest, smtpPassword: smtpPassword === '' ? stored.smtpPassword : smtpPassword } satisfies StoredEmailSettings });
  return { ok: true };
}

/** Only for sending mail later; never for a page. */
export async function getStoredSmtpPassword(): Promise<string> {
  return (await readSetting<StoredEmailSettings>('email', DEFAULT_EMAIL)).smtpPassword;
}
