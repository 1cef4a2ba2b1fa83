// Makes the site's font files in app/fonts (run when the fonts or the characters change; the results
// are committed): the Latin files of @fontsource cut down to the characters English and French text
// uses, with Inter's and Poppins's optional OpenType features (stylistic sets, character variants)
// and hinting left out. About a quarter fewer bytes than the @fontsource files, and every byte of a
// font a page preloads shares a phone's connection with the stylesheet and the first image.
// Needs pyftsubset (Debian: apt-get install fonttools python3-brotli).
// npx tsx scripts/subset-fonts.ts
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';

import { FONT_UNICODE_RANGE } from '#app/lib/font-characters.ts';

const require = createRequire(import.meta.url);
const FILES = {
  'inter-400.woff2': require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff2'),
  'inter-600.woff2': require.resolve('@fontsource/inter/files/inter-latin-600-normal.woff2'),
  'poppins-600.woff2': require.resolve('@fontsource/poppins/files/poppins-latin-600-normal.woff2'),
  'poppins-700.woff2': require.resolve('@fontsource/poppins/files/poppins-latin-700-normal.woff2'),
};

for (const [name, input] of Object.entries(FILES)) {
  const output = `app/fonts/${name}`;
  const run = spawnSync(
    'pyftsubset',
    [input, `--unicodes=${FONT_UNICODE_RANGE.join(',')}`, '--no-hinting', '--flavor=woff2', `--output-file=${output}`],
    { stdio: 'inherit' },
  );
  if (run.error || run.status !== 0) throw new Error(`pyftsubset failed on ${input} (apt-get install fonttools python3-brotli)`);
  console.log(`${output}: ${statSync(input).size} → ${statSync(output).size} bytes`);
}
