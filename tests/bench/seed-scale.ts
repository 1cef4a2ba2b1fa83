import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { newId } from '#app/lib/ids.ts';

/**
 * Bulk rows for the big-site bench and its query-plan test: `pages` pages, `media` media items and `messages`
 * messages, in multi-row inserts (the FTS triggers run as for any write). Posts come from seed-posts.ts.
 */
export async function seedScaleRows(
  db: Kysely<Database>,
  counts: { pages: number; media: number; messages: number; from?: number },
): Promise<void> {
  const start = Date.parse('2020-01-01T00:00:00Z');
  const at = (i: number) => new Date(start + i * 90_000).toISOString();
  const batch = 500;
  const from = counts.from ?? 0;
  for (let offset = from; offset < from + counts.pages; offset += batch) {
    const rows = [];
    for (let i = offset; i < Math.min(from + counts.pages, offset + batch); i++) {
      rows.push({
        id: newId(),
        title: `Scale page ${i} about services`,
        slug: `scale-page-${i}`,
        content: `Page ${i} body text about our agency, its people and its work. `.repeat(20),
        status: (i % 10 === 0 ? 'draft' : 'published') as 'draft' | 'published',
        meta_description: '',
        meta_keywords: '',
        og_image: null,
        publish_date: at(i),
        version: 1,
        created_at: at(i),
        updated_at: at(i),
      });
    }
    await db.insertInto('pages').values(rows).execute();
  }
  for (let offset = from; offset < from + counts.media; offset += batch) {
    const rows = [];
    for (let i = offset; i < Math.min(from + counts.media, offset + batch); i++) {
      const id = newId();
      rows.push({
        id,
        title: `Scale image ${i}`,
        description: i % 7 === 0 ? 'team photo in the studio' : 'product shot',
        type: (i % 5 === 0 ? 'document' : 'image') as 'document' | 'image',
        mime_type: i % 5 === 0 ? 'application/pdf' : 'image/jpeg',
        storage_key: `scale/${id}.jpg`,
        url: `/uploads/scale/${id}.jpg`,
        original_name: `image-${i}.jpg`,
        file_size: 1000 + i,
        width: 800,
        height: 600,
        alt: `Alt text ${i}`,
        tags: '[]',
        variants: '[]',
        uploaded_by: null,
        created_at: at(i),
        updated_at: at(i),
      });
    }
    await db.insertInto('media').values(rows).execute();
  }
  for (let offset = from; offset < from + counts.messages; offset += batch) {
    const rows = [];
    for (let i = offset; i < Math.min(from + counts.messages, offset + batch); i++) {
      rows.push({
        id: newId(),
        first_name: 'Scale',
        last_name: `Sender ${i}`,
        email: `sender${i}@example.com`,
        phone: '',
        subject: `Enquiry ${i}`,
        message: 'We would like a quote for a new website.',
        status: (i % 3 === 0 ? 'unread' : 'read') as 'unread' | 'read',
        ip: '',
        created_at: at(i),
        notify_next_at: null,
      });
    }
    await db.insertInto('messages').values(rows).execute();
  }
}
