import { z } from 'zod';

import { PHONE_PATTERN } from './contact.ts';
import { perLanguage } from './per-language.ts';

const LIMIT = 500;
/** A field left empty arrives as missing (Conform drops empty values): it means ''. */
const text = (max = LIMIT) => z.string().trim().max(max, `Keep this under ${max} characters`).default('');

/** An http(s) address or nothing: a social link left empty is simply not shown. */
const webAddress = (label: string) =>
  text(2000).refine((value) => {
    if (!value) return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, `Enter a full ${label} address starting with https://, or leave it empty`);

/** Spec 2.12 Contact Settings: contact information and the three social links. */
export const contactSettingsSchema = z.object({
  address: text(),
  email: z
    .union([z.literal(''), z.email('Enter a valid email address, like hello@example.com')], {
      error: 'Enter a valid email address, like hello@example.com',
    })
    .default(''),
  phone: text(40).refine((value) => !value || PHONE_PATTERN.test(value), 'Enter a phone number using digits, spaces, +, ( ) or -'),
  description: text(1000),
  twitter: webAddress('Twitter'),
  linkedin: webAddress('LinkedIn'),
  instagram: webAddress('Instagram'),
  /** The description in the other languages; empty shows the default one. */
  translations: perLanguage({ description: text(1000) }),
});

export type ContactSettings = z.infer<typeof contactSettingsSchema>;
