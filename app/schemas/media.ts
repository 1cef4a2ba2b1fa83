import { z } from 'zod';

import { MEDIA_KINDS } from '#app/lib/media-kind.ts';

import { perLanguage } from './per-language.ts';

/** The library's and the picker's query string: ?q=&type=&page=. Bad values fall back instead of failing. */
export const mediaQuerySchema = z.object({
  q: z.string().trim().max(200).catch(''),
  type: z.enum(MEDIA_KINDS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseMediaQuery(url: URL) {
  return mediaQuerySchema.parse({
    q: url.searchParams.get('q') ?? '',
    type: url.searchParams.get('type') || undefined,
    page: url.searchParams.get('page') ?? 1,
  });
}

const description = z.string().trim().max(2000, 'Description must be at most 2000 characters');
const alt = z.string().trim().max(500, 'Alt text must be at most 500 characters');

/**
 * Edit Media dialog (docs/product.md, Media Library): Title, Description, Alt Text, Tags comma separated, and the
 * Alt Text and Description in each other published language (`translations.fr.alt`). Each may be left empty (a
 * field left empty may arrive missing: it means '', and a language's empty field shows the default language's).
 */
export const mediaEditSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().trim().max(200, 'Title must be at most 200 characters').default(''),
  description: description.default(''),
  alt: alt.default(''),
  translations: perLanguage({ alt, description }),
  tags: z
    .string()
    .max(2000, 'Tags must be at most 2000 characters')
    .default('')
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    ]),
});

export const mediaDeleteSchema = z.object({
  ids: z.array(z.string().min(1).max(100)).min(1, 'Select at least one item').max(500),
});
