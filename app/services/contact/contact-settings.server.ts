import type { ContactSettings } from '#app/schemas/contact-settings.ts';
import type { Result } from '#app/services/failures.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';
import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';

/** The Contact screen's values: the contact information and social links the public site shows. */
export async function getContactSettings(): Promise<ContactSettings> {
  const { contact, social } = await getSiteShell();
  return { ...contact, ...social };
}

/** Stores the contact information ('contact') and social links ('social'), checked by `contactSettingsSchema`. */
export async function saveContactSettings(settings: ContactSettings): Promise<Result> {
  const { address, email, phone, description, twitter, linkedin, instagram } = settings;
  await writeSettings({ contact: { address, email, phone, description }, social: { twitter, linkedin, instagram } });
  return { ok: true };
}
