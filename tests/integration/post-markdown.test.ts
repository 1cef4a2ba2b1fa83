import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { up as postParagraphsAsMarkdown } from '#app/db/migrations/0100-post-paragraphs-as-markdown.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { searchLinkTargets } from '#app/services/content/link-targets.server.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';
import { getPublishedPage } from '#app/services/pages/public-pages.server.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';
import { createPost, getPost, updatePost } from '#app/services/posts/posts.server.ts';
import { getPublishedPost } from '#app/services/posts/public-posts.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

// Posts are Markdown like pages (docs/decisions/025): one renderer, one sanitizer, old line breaks kept.
describe.each(testDialects)('posts as Markdown on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  let category: string;

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    category = (await listCategories())[0]!.id;
  });
  afterAll(() => dialect.close());

  const input = (overrides: Record<string, unknown>) =>
    postFormSchema.parse({
      title: 'Post',
      slug: 'post',
      content: 'Body',
      excerpt: 'Short',
      status: 'published',
      categories: [category],
      ...overrides,
    });

  it('renders a post through the same renderer and sanitizer as a page', async () => {
    const content = '## Heading\n\n- **bold** item\n\n[link](/about)\n\n<script>alert(1)</script>\n\n![Team](/media/seed/team-photo.jpg)';
    const created = await createPost(admin, input({ title: 'Markdown post', slug: 'markdown-post', content }));
    expect(created.ok).toBe(true);
    const post = await getPublishedPost('markdown-post');
    expect(post?.html).toBe(renderMarkdown(content));
    expect(post?.html).toContain('<h2>Heading</h2>');
    expect(post?.html).toContain('<strong>bold</strong>');
    expect(post?.html).toContain('<a href="/about">link</a>');
    expect(post?.html).not.toContain('<script');
    await getDb().updateTable('pages').set({ content }).where('slug', '=', 'about').execute();
    expect((await getPublishedPage('about'))?.html).toBe(post?.html);
  });

  it('turns the old one-paragraph-per-line content into Markdown paragraphs, once', async () => {
    const created = await createPost(admin, input({ title: 'Old lines', slug: 'old-lines', content: 'placeholder' }));
    if (!created.ok) throw new Error('not created');
    await getDb()
      .updateTable('blog_posts')
      .set({ content: 'First line\nSecond line\r\nThird\n\nFourth' })
      .where('id', '=', created.id)
      .execute();
    await postParagraphsAsMarkdown(getDb() as never);
    await postParagraphsAsMarkdown(getDb() as never);
    const row = await getDb().selectFrom('blog_posts').select('content').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.content).toBe('First line\n\nSecond line\n\nThird\n\nFourth');
    expect((await getPublishedPost('old-lines'))?.html).toBe('<p>First line</p>\n<p>Second line</p>\n<p>Third</p>\n<p>Fourth</p>\n');
  });

  it('keeps the featured image alt text, and forgets it with the image', async () => {
    const created = await createPost(
      admin,
      input({ title: 'With image', slug: 'with-image', featuredImage: '/media/seed/team-photo.jpg', featuredImageAlt: '  Our team  ' }),
    );
    if (!created.ok) throw new Error('not created');
    expect((await getPublishedPost('with-image'))?.featuredImageAlt).toBe('Our team');
    const post = await getPost(created.id);
    const updated = await updatePost(admin, created.id, {
      ...input({ title: 'With image', slug: 'with-image', featuredImageAlt: 'Kept?' }),
      version: post!.version,
    });
    expect(updated.ok).toBe(true);
    expect((await getPublishedPost('with-image'))?.featuredImageAlt).toBe('');
    expect(postFormSchema.safeParse({ ...input({}), featuredImageAlt: 'x'.repeat(301) }).success).toBe(false);
  });

  it('offers published pages and posts, never drafts, to the link dialog', async () => {
    await createPost(admin, input({ title: 'Findable draft', slug: 'findable-draft', status: 'draft' }));
    await createPost(admin, input({ title: 'Findable post', slug: 'findable-post' }));
    expect(await searchLinkTargets('findable')).toEqual([{ kind: 'post', title: 'Findable post', path: '/blog/findable-post' }]);
    expect(await searchLinkTargets('PRIVACY')).toEqual([{ kind: 'page', title: 'Privacy Policy', path: '/privacy-policy' }]);
    expect(await searchLinkTargets('100%_')).toEqual([]);
  });
});
