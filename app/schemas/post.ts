import { z } from 'zod';

import { imageUrlField, optionalText, publishDateField, requiredText, slugField, versionField } from './content-fields.ts';

export const POST_EDITOR_STATUSES = ['draft', 'published', 'review'] as const;

/** "a, b ,, a" → ["a", "b"]: trimmed, no empties, no repeats. */
export function parseTags(text: string | undefined): string[] {
  const tags = (text ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return [...new Set(tags)].slice(0, 50);
}

/** The blog post editor's form (docs/product.md, Validation messages), checked in the browser and again by the action. */
export const postFormSchema = z.object({
  title: requiredText('Title is required', 200),
  slug: slugField,
  content: requiredText('Content is required', 200_000),
  excerpt: requiredText('Excerpt is required', 1000),
  status: z.enum(POST_EDITOR_STATUSES, { error: 'Status must be draft, published or review' }),
  publishDate: publishDateField,
  categories: z
    .array(z.string().min(1), { error: 'At least one category is required' })
    .min(1, 'At least one category is required')
    .max(50, 'Choose at most 50 categories'),
  tags: z.string().max(2000, 'Must be at most 2000 characters').optional().transform(parseTags),
  featuredImage: imageUrlField,
  /** The featured image's alternative text (empty: the image is decoration). */
  featuredImageAlt: z.string().trim().max(300, 'Must be at most 300 characters').optional(),
  metaTitle: optionalText(200),
  metaDescription: optionalText(500),
  metaKeywords: optionalText(500),
  /** "Comments off": the article shows no comment form and takes no new comments (the approved ones stay). */
  commentsOff: z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()).default(false),
  version: versionField,
});

export type PostForm = z.infer<typeof postFormSchema>;

/** A new category typed in the editor: trimmed, not empty. */
export const categoryNameSchema = z.object({
  name: z
    .string({ error: 'Category name is required' })
    .trim()
    .min(1, 'Category name is required')
    .max(60, 'Must be at most 60 characters'),
});

/** A category's name in another language (decision 030): empty clears it, so the default-language name shows. */
export const categoryTranslationSchema = z.object({
  id: z.string({ error: 'Choose a category.' }).min(1, 'Choose a category.'),
  language: z.string({ error: 'Choose a language.' }).min(1, 'Choose a language.'),
  name: z.string().trim().max(60, 'Must be at most 60 characters').default(''),
});
