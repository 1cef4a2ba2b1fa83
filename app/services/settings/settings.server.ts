import { setDefaultLanguage } from '#app/i18n/detect.ts';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '#app/i18n/languages.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { type AdvancedSettings, DEFAULT_REVISIONS_KEPT, type EmailSettings, type GeneralSettings } from '#app/schemas/settings.ts';
import { seal, unseal } from '#app/services/auth/secret-box.server.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import { invalid, refuseWithout, type Result } from '#app/services/failures.ts';
import { smtpTargetProblem } from '#app/services/mail/smtp-policy.server.ts';
import { refreshMediaUsage } from '#app/services/media/media-usage.server.ts';
import { defaultSiteSettings, type SiteSettings } from '#app/services/settings/defaults.ts';

import { readSetting, writeSettings } from './settings-store.server.ts';

/** The Email tab as the application uses it: the password in the clear, only in memory. */
export interface StoredEmailSettings {
  smtpHost: string;
  smtpPort: number | null;
  smtpUsername: string;
  smtpPassword: string;
  fromEmail: string;
}

/**
 * The Email tab as the database holds it: the password sealed (AES-256-GCM under a key derived from SESSION_SECRET
 * by HKDF), so a copied database or backup does not give away the mail account. `smtpPassword` is what older
 * versions stored in the clear: still read, and replaced by the sealed form on the next save.
 */
interface EmailSettingsRow extends Omit<StoredEmailSettings, 'smtpPassword'> {
  smtpPasswordSealed?: string;
  smtpPassword?: string;
}

const SMTP_PASSWORD_PURPOSE = 'smtp-password';

/** What the Email tab may show: never the password itself, only whether one is stored. */
export type EmailSettingsView = Omit<StoredEmailSettings, 'smtpPassword'> & { hasPassword: boolean };

export const DEFAULT_ADVANCED: AdvancedSettings = {
  cacheTtl: 3600,
  maintenanceMode: false,
  debugMode: false,
  discourageSearchEngines: false,
  hideViewCounts: false,
  revisionsKept: DEFAULT_REVISIONS_KEPT,
};
const DEFAULT_EMAIL: EmailSettingsRow = { smtpHost: '', smtpPort: null, smtpUsername: '', fromEmail: '' };

/** The stored settings with the password opened; a password sealed under another SESSION_SECRET reads as none. */
async function readEmailSettings(): Promise<StoredEmailSettings> {
  const { smtpPasswordSealed, smtpPassword, ...rest } = await readSetting<EmailSettingsRow>('email', DEFAULT_EMAIL);
  const password = smtpPasswordSealed ? (unseal(smtpPasswordSealed, SMTP_PASSWORD_PURPOSE) ?? '') : (smtpPassword ?? '');
  return { ...DEFAULT_EMAIL, ...rest, smtpPassword: password };
}

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

/**
 * Saves the General tab (checked by `generalSettingsSchema`); favicon, date and time formats are kept. The public
 * pages show the change at once.
 */
export async function saveSiteSettings(actor: Actor, general: GeneralSettings, version?: string): Promise<Result> {
  const given = Object.fromEntries(Object.entries(general).filter(([, value]) => value !== undefined));
  // The logo and favicon are media items: their usage is recorded with the change.
  const saved = await writeSettings(
    actor,
    { site: { ...(await getSiteSettings()), ...given } },
    (trx) => refreshMediaUsage(trx, { kind: 'site', id: 'site' }),
    version,
  );
  if (saved.ok) setDefaultLanguage(publicLanguage(general.language));
  return saved;
}

export async function getAdvancedSettings(): Promise<AdvancedSettings> {
  return readSetting<AdvancedSettings>('advanced', DEFAULT_ADVANCED);
}

/** Saves the Advanced tab (checked by `advancedSettingsSchema`). */
export function saveAdvancedSettings(actor: Actor, advanced: AdvancedSettings, version?: string): Promise<Result> {
  return writeSettings(actor, { advanced }, undefined, version);
}

export async function getEmailSettings(): Promise<EmailSettingsView> {
  const { smtpPassword, ...rest } = await readEmailSettings();
  return { ...rest, hasPassword: smtpPassword !== '' };
}

/**
 * Saves the Email tab (checked by `emailSettingsSchema`); an empty password leaves the stored one unchanged. The
 * password is always stored sealed.
 */
export async function saveEmailSettings(actor: Actor, email: EmailSettings, version?: string): Promise<Result> {
  const refused = refuseWithout(actor, 'manage_settings');
  if (refused) return refused;
  // The SMTP policy of sending and Test Connection, applied before anything is stored.
  const problem = email.smtpPort === null ? null : await smtpTargetProblem(email.smtpHost, email.smtpPort);
  if (problem) return invalid({ [problem.field]: problem.message });
  const stored = await readEmailSettings();
  const { smtpPassword, ...rest } = email;
  const password = smtpPassword === '' ? stored.smtpPassword : smtpPassword;
  const row: EmailSettingsRow = { ...rest, ...(password ? { smtpPasswordSealed: seal(password, SMTP_PASSWORD_PURPOSE) } : {}) };
  return writeSettings(actor, { email: row }, undefined, version);
}

/** Only for sending mail; never for a page. */
export async function getStoredSmtpPassword(): Promise<string> {
  return (await readEmailSettings()).smtpPassword;
}
