import { z } from 'zod';

import { imageUrlField, optionalText, publishDateField, requiredText, slugField, versionField } from './content-fields.ts';

export const PAGE_EDITOR_STATUSES = ['draft', 'published'] as const;

/** The page editor's form (docs/product.md, Validation messages), checked in the browser and again by the action. */
export const pageFormSchema = z.object({
  title: requiredText('Title is required', 200),
  slug: slugField,
  content: requiredText('Content is required', 200_000),
  status: z.enum(PAGE_EDITOR_STATUSES, { error: 'Status must be draft or published' }),
  publishDate: publishDateField,
  metaDescription: optionalText(500),
  metaKeywords: optionalText(500),
  ogImage: imageUrlField,
  version: versionField,
});

export type PageForm = z.infer<typeof pageFormSchema>;
