import { z } from 'zod';

/** Landing-page copy (spec 3 "Content"), stored once per language. */
export const landingContentSchema = z.object({
  hero: z.object({
    title: z.string().trim().min(1, 'Title is required'),
    subtitle: z.string().trim(),
    cta: z.string().trim(),
    image: z.string().trim(),
  }),
  about: z.object({
    title: z.string().trim(),
    subtitle: z.string().trim(),
    description: z.string().trim(),
    stats: z.array(z.object({ label: z.string().trim(), value: z.string().trim() })).length(4),
    values: z.array(z.object({ title: z.string().trim(), description: z.string().trim() })).length(4),
  }),
  services: z.object({
    title: z.string().trim(),
    subtitle: z.string().trim(),
    description: z.string().trim(),
    items: z
      .array(
        z.object({
          title: z.string().trim(),
          description: z.string().trim(),
          features: z.array(z.string().trim()).length(3),
        }),
      )
      .length(6),
  }),
});

export type LandingContent = z.infer<typeof landingContentSchema>;
