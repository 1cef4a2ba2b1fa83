import { publicWrite } from '#app/services/public-write.server.ts';
import { putRedirect } from '#app/services/redirects/redirect-rules.server.ts';

import type { WpItem } from '../wxr-items.ts';
import type { ImportedItem } from './items.server.ts';
import { type ImportRun, ItemFailure } from './run-context.server.ts';

/** The old permalink's path, when it is one a redirect can take (not `/?p=12`). */
function oldPath(link: string): string | null {
  try {
    const url = new URL(link);
    if (url.search || url.pathname === '/' || url.pathname === '') return null;
    return decodeURIComponent(url.pathname).replace(/\/+$/, '') || null;
  } catch {
    return null;
  }
}

/** The old permalink answers 301 to the new address (published items only: a draft has no address yet). */
export async function importRedirect(run: ImportRun, item: WpItem, { newPath, live }: ImportedItem): Promise<void> {
  const from = oldPath(item.link);
  if (from && newPath) {
    run.report.types.redirects.found++;
    const redirectLabel = `${from} → ${newPath}`;
    await run.attempt('redirects', redirectLabel, async () => {
      if (!live) return { skipped: 'the item is not published here' };
      if (from.toLowerCase() === (newPath as string).toLowerCase()) return { skipped: 'the old address is the new one' };
      const existing = await run.db
        .selectFrom('redirects')
        .select('to_target')
        .where('from_path', '=', from.toLowerCase())
        .executeTakeFirst();
      if (existing)
        return { skipped: existing.to_target === newPath ? 'already there' : `a redirect from it already goes to ${existing.to_target}` };
      if (run.dryRun) return 'imported';
      const result = await publicWrite((trx) => putRedirect(trx, { from, to: newPath!, status: 301 }));
      if (!result.ok) throw new ItemFailure('fields' in result && result.fields ? Object.values(result.fields).join('; ') : result.message);
      return 'imported';
    });
  }
}
