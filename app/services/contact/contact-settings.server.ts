import type { Actor } from '#app/lib/permissions.ts';
import type { ContactSettings } from '#app/schemas/contact-settings.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import type { Result } from '#app/services/failures.ts';
import { defaultContact, defaultSocial } from '#app/services/settings/defaults.ts';
import { readSetting, writeSettings } from '#app/services/settings/settings-store.server.ts';

/** The settings rows the Contact screen saves (its version is theirs). */
export const CONTACT_KEYS = ['contact', 'social'];

/** The Contact screen's values: the contact information and social links the public site shows. */
export async function getContactSettings(): Promise<ContactSettings> {
  const [contact, social] = await Promise.all([readSetting('contact', defaultContact), readSetting('social', defaultSocial)]);
  return { ...contact, ...social };
}

/**
 * Stores the contact information ('contact') and social links ('social'), checked by
 * `contactSettingsSchema`. Audited with the fields changed, and the contact e-mail's old and new
 * values: it is where every contact message is mailed.
 */
export async function saveContactSettings(actor: Actor, settings: ContactSettings, version?: string): Promise<Result> {
  const { address, email, phone, description, twitter, linkedin, instagram } = settings;
  const before = await getContactSettings();
  // A form without the other languages' descriptions keeps them.
  const translations = settings.translations ?? before.translations ?? {};
  const changed = (Object.keys(settings) as (keyof ContactSettings)[]).filter(
    (field) => JSON.stringify(before[field] ?? {}) !== JSON.stringify(settings[field] ?? {}),
  );
  return writeSettings(
    actor,
    { contact: { address, email, phone, description, translations }, social: { twitter, linkedin, instagram } },
    (trx) =>
      recordAudit(trx, {
        actor,
        action: 'contact.updated',
        target: { type: 'settings', id: 'contact', label: 'Contact settings' },
        details: { fields: changed, ...(before.email === email ? {} : { email: { from: before.email, to: email } }) },
      }),
    version,
  );
}
