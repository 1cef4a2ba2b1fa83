// Writes for `npm run bench:scale` (issue 29): saving a post in place, publishing a draft and moving a post to the
// trash, each through the services as the editor's actions call them (validation, revision, full-text index, cache
// invalidation included), on the bench's database at its current size.
import { getDb } from '#app/db/client.server.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { createPost, setPostStatus, trashPost, updatePost } from '#app/services/posts/posts.server.ts';
import type { makeActor } from '#tests/support/actors.ts';

import { timed, type Timing } from './timing.ts';

type Admin = Awaited<ReturnType<typeof makeActor>>;

const body = (words: number) => Array.from({ length: words }, (_, i) => ['design', 'studio', 'client', 'launch', 'brand'][i % 5]).join(' ');

export async function timeWrites(admin: Admin, categoryId: string, runs: number, label: string): Promise<Map<string, Timing>> {
  const form = (slug: string, status: 'draft' | 'published', round = 0) =>
    postFormSchema.parse({
      title: `Bench write ${slug}`,
      slug,
      content: `${body(1500)} round ${round}`,
      excerpt: 'A post the scale bench writes.',
      status,
      publishDate: status === 'published' ? '2024-06-01T09:00' : undefined,
      categories: [categoryId],
      tags: 'bench, writes',
    });
  const made = async (slug: string, status: 'draft' | 'published') => {
    const result = await createPost(admin, form(slug, status));
    if (!result.ok || !('id' in result)) throw new Error(`could not create ${slug}: ${JSON.stringify(result)}`);
    return String(result.id);
  };
  const results = new Map<string, Timing>();

  // A published post saved in place again and again (same address, status, title and date: its own page and the lists).
  const kept = await made(`bench-kept-${label}`, 'published');
  let round = 0;
  results.set(
    'save a published post',
    await timed(async () => {
      const { version } = await getDb().selectFrom('blog_posts').select('version').where('id', '=', kept).executeTakeFirstOrThrow();
      const saved = await updatePost(admin, kept, { ...form(`bench-kept-${label}`, 'published', ++round), version: Number(version) });
      if (!saved.ok) throw new Error(`save refused: ${JSON.stringify(saved)}`);
    }, runs),
  );

  // Drafts made beforehand (not timed), then published one per run; posts trashed one per run.
  const total = runs + 3;
  const drafts: string[] = [];
  const live: string[] = [];
  for (let i = 0; i < total; i++) drafts.push(await made(`bench-draft-${label}-${i}`, 'draft'));
  for (let i = 0; i < total; i++) live.push(await made(`bench-live-${label}-${i}`, 'published'));
  results.set(
    'publish a draft',
    await timed(async () => {
      const done = await setPostStatus(admin, drafts.pop()!, 'published');
      if (!done.ok) throw new Error(`publish refused: ${JSON.stringify(done)}`);
    }, runs),
  );
  results.set(
    'move a post to the trash',
    await timed(async () => {
      const done = await trashPost(admin, live.pop()!);
      if (!done.ok) throw new Error(`trash refused: ${JSON.stringify(done)}`);
    }, runs),
  );
  return results;
}
