import { fieldErrors } from '#app/lib/zod-errors.ts';
import { type ContactSettings, contactSettingsSchema } from '#app/schemas/contact-settings.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';
import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';

/** The Contact screen's values: the contact information and social links the public site shows. */
export async function getContactSettings(): Promise<ContactSettings> {
  const { contact, social } = await getSiteShell();
  return { ...contact, ...social };
}

/** Checks and stores the contact information ('contact') and social links ('social'); on any error nothing is written. */
export async function saveContactSettings(input: unknown): Promise<{ ok: true } | { ok: false; errors: Record<string, string> }> {
  const parsed = contactSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { address, email, phone, description, twitter, linkedin, instagram } = parsed.data;
  await writeSettings({ contact: { address, email, phone, description }, social: { twitter, linkedin, instagram } });
  return { ok: true };
}
