import { describe, expect, it } from 'vitest';

import { likePattern } from '#app/db/text-search.ts';
import { fieldNameProblem } from '#app/http/form.server.ts';
import { multipartBoundary } from '#app/http/multipart.server.ts';
import { safeRedirectPath } from '#app/http/safe-redirect.server.ts';
import { detectLanguage } from '#app/i18n/detect.ts';
import { embedPlayerFor } from '#app/lib/embeds.ts';
import { displayFileName, titleFromFileName } from '#app/lib/file-names.ts';
import { parseRange } from '#app/lib/http-range.ts';
import { slugify } from '#app/lib/slug.ts';
import { parseHex } from '#app/lib/theme/color.ts';
import { describeUserAgent, isKnownBot } from '#app/lib/user-agent.ts';
import { EMAIL_PATTERN, PHONE_PATTERN, validateContact } from '#app/schemas/contact.ts';
import { publishDateField, slugField } from '#app/schemas/content-fields.ts';
import { looksLikeSvg } from '#app/services/media/detect-type.server.ts';
import { isAllowedHost } from '#server/allowed-hosts.ts';
import { publicCacheKey } from '#server/public/cache-key.ts';
import { requestPath } from '#server/request-path.ts';

// Every regular expression that sees text from a request, run against long hostile strings. A
// pattern that backtracks (nested or overlapping quantifiers) takes seconds to minutes on 50,000
// characters; a linear one takes about a millisecond. The bound leaves room for a loaded machine.
const LENGTH = 50_000;
const BUDGET_MS = 300;

const ATOMS = ['.', 'a', ' ', '-', '@', 'a.', '.a', '<!--', '\t', ';', '0', '[0]', '%', '/', '/.', ':', 'é', 'a@', '=', ',', '\\'];
const PREFIXES = ['', 'a@', 'bytes=', '/', 'x; boundary=', '<?xml ', '+'];
const SUFFIXES = ['', '!', '@', '\n'];

const hostile: string[] = [];
for (const prefix of PREFIXES)
  for (const atom of ATOMS) for (const suffix of SUFFIXES) hostile.push(prefix + atom.repeat(Math.ceil(LENGTH / atom.length)) + suffix);

const targets: Record<string, (input: string) => unknown> = {
  'contact e-mail pattern': (input) => EMAIL_PATTERN.test(input),
  'contact phone pattern': (input) => PHONE_PATTERN.test(input),
  'contact form rules': (input) => validateContact({ firstName: input, email: input, phone: input, subject: input, message: input }),
  'form field names': (input) => fieldNameProblem(input),
  'multipart boundary': (input) => multipartBoundary(`multipart/form-data${input}`),
  'redirect targets': (input) => safeRedirectPath(input),
  'video embed addresses': (input) => [
    embedPlayerFor(`https://www.youtube.com/watch?${input}`),
    embedPlayerFor(`https://vimeo.com/1${input}`),
  ],
  'Accept-Language and cookies': (input) => detectLanguage({ query: input, cookieHeader: input, acceptLanguage: input }),
  'colour values': (input) => parseHex(input),
  'uploaded file names': (input) => [displayFileName(input), titleFromFileName(input)],
  'Range header': (input) => parseRange(input, 1000),
  slugs: (input) => [slugify(input), slugField.safeParse(input)],
  'publish dates': (input) => publishDateField.safeParse(input),
  'search terms': (input) => likePattern(input),
  'User-Agent (devices, robots)': (input) => [describeUserAgent(input), isKnownBot(input)],
  'SVG sniffing': (input) => looksLikeSvg(input),
  'Host header': (input) => isAllowedHost(input, ['localhost:3000', '.example.com']),
  'public cache key': (input) =>
    publicCacheKey({ method: 'GET', url: `${input}?page=${input}`, headers: { cookie: input, 'accept-language': input } }),
  'request path': (input) => requestPath({ url: input }),
};

describe('regular expressions on request input run in linear time', () => {
  it.each(Object.entries(targets))('%s', (_name, run) => {
    let slowest = 0;
    let slowestInput = '';
    for (const input of hostile) {
      const started = performance.now();
      run(input);
      const elapsed = performance.now() - started;
      if (elapsed > slowest) [slowest, slowestInput] = [elapsed, input];
    }
    // A garbage-collection pause or a busy neighbour can stretch one run; backtracking stretches
    // every run. The slowest input is timed twice more and its fastest run counts.
    for (let again = 0; again < 2 && slowest >= BUDGET_MS; again += 1) {
      const started = performance.now();
      run(slowestInput);
      slowest = Math.min(slowest, performance.now() - started);
    }
    expect(slowest, `slowest input starts ${JSON.stringify(slowestInput.slice(0, 12))}`).toBeLessThan(BUDGET_MS);
  });

  it('would catch a backtracking pattern (the e-mail pattern the contact form used to have)', () => {
    const quadratic = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const started = performance.now();
    // Half the length is enough to blow the budget a quarter as hard: about a second on a quiet machine.
    quadratic.test(`a@${'.'.repeat(LENGTH / 2)}@`);
    expect(performance.now() - started).toBeGreaterThan(BUDGET_MS);
  }, 120_000);
});
