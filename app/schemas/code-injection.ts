import { z } from 'zod';

import { isScriptSource, MAX_SCRIPT_SOURCES } from '#app/lib/code-injection.ts';

/** Limits keep one save from putting megabytes into every public page. */
export const CODE_INJECTION_LIMITS = { snippet: 20_000 } as const;

const snippet = (label: string) =>
  z
    .preprocess((value) => (typeof value === 'string' ? value : ''), z.string())
    .transform((value) => value.trim())
    .pipe(z.string().max(CODE_INJECTION_LIMITS.snippet, `${label} must be at most ${CODE_INJECTION_LIMITS.snippet} characters.`));

/**
 * Settings → Code Injection (administrators only): HTML for the end of every public page's head and of its body, and
 * the script sources those snippets load from, one per line, which public pages' Content Security Policy allows.
 */
export const codeInjectionSchema = z.object({
  head: snippet('Site Header'),
  footer: snippet('Site Footer'),
  scriptSources: z
    .preprocess((value) => (typeof value === 'string' ? value : ''), z.string())
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .superRefine((sources, context) => {
      const bad = sources.find((source) => !isScriptSource(source));
      if (bad !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `“${bad.slice(0, 80)}” is not an allowed source: write an https:// address such as https://plausible.io or https://*.example.com, one per line.`,
        });
      } else if (sources.length > MAX_SCRIPT_SOURCES) {
        context.addIssue({ code: 'custom', message: `At most ${MAX_SCRIPT_SOURCES} sources.` });
      }
    })
    .transform((sources) => [...new Set(sources.map((source) => source.toLowerCase()))]),
});
export type CodeInjection = z.output<typeof codeInjectionSchema>;
