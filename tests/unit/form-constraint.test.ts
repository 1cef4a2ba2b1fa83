import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { formConstraint } from '#app/lib/form-constraint.ts';
import { landingContentSchema } from '#app/schemas/landing.ts';
import { emailSettingsSchema, generalSettingsSchema } from '#app/schemas/settings.ts';

describe('formConstraint', () => {
  it('adds the length and range limits of the schema to what the browser checks', () => {
    expect(formConstraint(generalSettingsSchema).siteName).toMatchObject({ required: true, maxLength: 100 });
    expect(formConstraint(generalSettingsSchema).tagline).toMatchObject({ required: false, maxLength: 200 });
    expect(formConstraint(emailSettingsSchema).smtpPort).toMatchObject({ min: 1, max: 65535 });
  });

  it('reads through optional, default, preprocess and transform, and into nested objects and lists', () => {
    const schema = z.object({
      name: z.string().min(2).max(10).optional(),
      tags: z
        .string()
        .max(30)
        .transform((value) => value.split(',')),
      count: z.preprocess((value) => Number(value), z.number().min(0).max(9)),
      blocks: z.array(z.object({ label: z.string().max(5).default('') })),
    });
    const constraint = formConstraint(schema);
    expect(constraint.name).toMatchObject({ minLength: 2, maxLength: 10 });
    expect(constraint.tags).toMatchObject({ maxLength: 30 });
    expect(constraint.count).toMatchObject({ min: 0, max: 9 });
    expect(constraint['blocks[].label']).toMatchObject({ maxLength: 5 });
    expect(formConstraint(landingContentSchema)['hero.title']).toMatchObject({ required: true, minLength: 1, maxLength: 200 });
  });

  it('leaves out required on a field the schema accepts missing, and keeps it where an empty field is refused', () => {
    const schema = z.object({
      title: z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string().min(1, 'Title is required')),
      subtitle: z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string().max(80)),
      email: z.union([z.literal(''), z.email()]).default(''),
      kind: z.enum(['a', 'b']),
    });
    const constraint = formConstraint(schema);
    expect(constraint.title).toMatchObject({ required: true });
    expect(constraint.subtitle).toMatchObject({ required: false, maxLength: 80 });
    expect(constraint.email).toMatchObject({ required: false });
    expect(constraint.kind).toMatchObject({ required: true, pattern: 'a|b' });
  });
});
