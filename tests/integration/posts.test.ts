import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type PostForm, postFormSchema } from '#app/schemas/post.ts';
import { addCategory, listCategories } from '#app/services/posts/categories.server.ts';
import { createPost, deletePost, getPost, listPosts, restorePost, trashPost, updatePost } from '#app/services/posts/posts.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

type Actor = Awaited<ReturnType<typeof makeActor>>;

describe.each(testDialects)('blog posts on $name', (dialect) => {
  let admin: Actor;
  let editor: Actor;
  let author: Actor;
  let otherAuthor: Actor;
  let contributor: Actor;
  let categoryIds: Record<string, string>;

  function postInput(overrides: Partial<Record<keyof PostForm, unknown>> = {}): PostForm {
    return postFormSchema.parse({
      title: 'A post',
      slug: 'a-post',
      content: 'Body text',
      excerpt: 'Short',
      status: 'draft',
      categories: [categoryIds['Design']],
      tags: 'one, two',
      ...overrides,
    });
  }

  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator');
    editor = await makeActor('editor');
    author = await makeActor('author', 'Ada Author');
    otherAuthor = await makeActor('author', 'Other Author');
    contributor = await makeActor('contributor');
    categoryIds = Object.fromEntries((await listCategories()).map((category) => [category.name, category.id]));
  });
  afterAll(() => dialect.close());

  it('validates with the spec messages and parses tags', () => {
    const result = postFormSchema.safeParse({ title: '', slug: '', content: '', excerpt: '', status: 'draft' });
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Slug is required',
        'Content is required',
        'Excerpt is required',
        'At least one category is required',
      ]),
    );
    expect(postInput({ tags: ' a, b ,,a ' }).tags).toEqual(['a', 'b']);
    expect(
      postFormSchema.safeParse({ ...postInput(), categories: [categoryIds['Design']], featuredImage: 'javascript:alert(1)' }).success,
    ).toBe(false);
  });

  it('creates a post by the signed-in user with its categories, and refuses a taken slug', async () => {
    const created = await createPost(
      author,
      postInput({ slug: 'Hello World', categories: [categoryIds['Design'], categoryIds['Technology']] }),
    );
    if (!created.ok) throw new Error('create failed');
    const post = await getPost(created.id);
    expect(post).toMatchObject({
      slug: 'hello-world',
      author_id: author.id,
      author_name: 'Ada Author',
      views: 0,
      status: 'draft',
      tags: ['one', 'two'],
    });
    expect(post!.categoryIds.sort()).toEqual([categoryIds['Design'], categoryIds['Technology']].sort());
    expect(await createPost(editor, postInput({ slug: 'hello-world' }))).toMatchObject({
      ok: false,
      reason: 'invalid',
      fieldErrors: { slug: [expect.any(String)] },
    });
    expect(await createPost(editor, postInput({ slug: 'x', categories: ['no-such-category'] }))).toMatchObject({
      ok: false,
      fieldErrors: { categories: [expect.any(String)] },
    });
  });

  it('refuses a save based on an older version', async () => {
    const created = await createPost(editor, postInput({ slug: 'conflict' }));
    if (!created.ok) throw new Error('create failed');
    expect(await updatePost(editor, created.id, { ...postInput({ slug: 'conflict', title: 'Mine' }), version: 1 })).toEqual({
      ok: true,
      id: created.id,
    });
    expect(await updatePost(admin, created.id, { ...postInput({ slug: 'conflict', title: 'Theirs' }), version: 1 })).toEqual({
      ok: false,
      reason: 'conflict',
      message: expect.stringContaining('changed by someone else'),
    });
    expect(await getPost(created.id)).toMatchObject({ title: 'Mine', version: 2 });
    // Trashing bumps the version too: an editor left open cannot silently bring the post back.
    await trashPost(editor, created.id);
    expect(await updatePost(editor, created.id, { ...postInput({ slug: 'conflict' }), version: 2 })).toEqual({
      ok: false,
      reason: 'conflict',
      message: expect.stringContaining('changed by someone else'),
    });
  });

  it('lets authors and contributors write but not publish, and only their own posts', async () => {
    expect(await createPost(author, postInput({ slug: 'author-live', status: 'published' }))).toEqual({ ok: false, reason: 'forbidden' });
    expect(await createPost(contributor, postInput({ slug: 'contrib-live', status: 'published' }))).toEqual({
      ok: false,
      reason: 'forbidden',
    });
    const review = await createPost(contributor, postInput({ slug: 'contrib-review', status: 'review' }));
    if (!review.ok) throw new Error('create failed');
    expect(
      await updatePost(contributor, review.id, { ...postInput({ slug: 'contrib-review', status: 'draft' }), version: 1 }),
    ).toMatchObject({ ok: true });
    expect(await trashPost(contributor, review.id)).toEqual({ ok: false, reason: 'forbidden' });

    const own = await createPost(author, postInput({ slug: 'author-own' }));
    if (!own.ok) throw new Error('create failed');
    expect(await updatePost(otherAuthor, own.id, { ...postInput({ slug: 'author-own' }), version: 1 })).toEqual({
      ok: false,
      reason: 'forbidden',
    });
    expect(await trashPost(otherAuthor, own.id)).toEqual({ ok: false, reason: 'forbidden' });
    expect(await trashPost(author, own.id)).toEqual({ ok: true, id: own.id });
    expect(await restorePost(author, own.id)).toMatchObject({ ok: true });
    expect(await deletePost(author, own.id)).toEqual({ ok: false, reason: 'forbidden' });

    // An editor publishes; the author may no longer change the live post.
    expect(await updatePost(editor, own.id, { ...postInput({ slug: 'author-own', status: 'published' }), version: 3 })).toMatchObject({
      ok: true,
    });
    expect(await updatePost(author, own.id, { ...postInput({ slug: 'author-own', status: 'review' }), version: 4 })).toEqual({
      ok: false,
      reason: 'forbidden',
    });

    // A contributor's list holds only their own posts.
    const mine = await listPosts(contributor, { trash: false, search: '', categoryIds: [], page: 1 });
    expect(mine.items.map((item) => item.id)).toEqual([review.id]);
  });

  it('trashes, restores as a draft and deletes for good only from the trash', async () => {
    const created = await createPost(editor, postInput({ slug: 'to-trash', status: 'published' }));
    if (!created.ok) throw new Error('create failed');
    expect(await deletePost(admin, created.id)).toEqual({ ok: false, reason: 'not-found', message: 'This post no longer exists.' });
    expect(await trashPost(editor, created.id)).toEqual({ ok: true, id: created.id });
    const trash = await listPosts(admin, { trash: true, search: 'to-trash', categoryIds: [], page: 1 });
    expect(trash.items).toEqual([]);
    const trashed = await listPosts(admin, { trash: true, search: '', categoryIds: [], page: 1 });
    expect(trashed.items.map((item) => item.id)).toContain(created.id);
    expect(await restorePost(editor, created.id)).toEqual({ ok: true, id: created.id, slug: 'to-trash', renamed: false });
    expect(await getPost(created.id)).toMatchObject({ status: 'draft', publish_date: null });
    await trashPost(editor, created.id);
    expect(await deletePost(editor, created.id)).toEqual({ ok: false, reason: 'forbidden' });
    expect(await deletePost(admin, created.id)).toEqual({ ok: true, id: created.id });
    expect(await getPost(created.id)).toBeUndefined();
  });

  it('never takes a post out of the trash by saving it, even with the current version and as its author', async () => {
    const own = await createPost(author, postInput({ slug: 'trashed-and-saved' }));
    if (!own.ok) throw new Error('create failed');
    expect(await trashPost(author, own.id)).toEqual({ ok: true, id: own.id });
    const { version } = (await getPost(own.id))!;
    for (const [actor, status] of [
      [author, 'draft'],
      [editor, 'published'],
      [admin, 'draft'],
    ] as const) {
      const saved = await updatePost(actor, own.id, {
        ...postInput({ slug: 'trashed-and-saved', title: 'Back from the trash', status }),
        version,
      });
      expect(saved).toEqual({ ok: false, reason: 'conflict', message: 'This post is in the trash. Restore it before editing it.' });
    }
    expect(await getPost(own.id)).toMatchObject({ status: 'trash', title: 'A post', version });
    // Restore (which needs the trash permission) is the way out.
    expect((await restorePost(editor, own.id)).ok).toBe(true);
    expect(
      (await updatePost(author, own.id, { ...postInput({ slug: 'trashed-and-saved', title: 'Restored' }), version: version + 1 })).ok,
    ).toBe(true);
  });

  it('searches title or content ignoring case and filters on every chosen category', async () => {
    const both = [categoryIds['Programming']!, categoryIds['Mobile Development']!];
    await createPost(editor, postInput({ slug: 'kotlin-1', title: 'Kotlin for beginners', categories: both }));
    await createPost(
      editor,
      postInput({ slug: 'kotlin-2', title: 'Swift notes', content: 'Compared with KOTLIN…', categories: [both[0]!] }),
    );
    await createPost(editor, postInput({ slug: 'kotlin-3', title: 'Unrelated', content: 'Nothing here', categories: both }));
    const search = await listPosts(admin, { trash: false, search: 'kotlin', categoryIds: [], page: 1 });
    expect(search.items.map((item) => item.slug).sort()).toEqual(['kotlin-1', 'kotlin-2']);
    const filtered = await listPosts(admin, { trash: false, search: '', categoryIds: both, page: 1 });
    expect(filtered.items.map((item) => item.slug).sort()).toEqual(['kotlin-1', 'kotlin-3']);
    const combined = await listPosts(admin, { trash: false, search: 'KOTLIN', categoryIds: both, page: 1 });
    expect(combined.items.map((item) => item.slug)).toEqual(['kotlin-1']);
    expect(combined.total).toBe(1);
  });

  it("narrowed searches (a category, or a contributor's own posts) match the same way: case, and wildcards taken literally", async () => {
    const design = [categoryIds['Design']!];
    await createPost(editor, postInput({ slug: 'pct-1', title: 'Save 50% on UX AUDITS', categories: design }));
    await createPost(editor, postInput({ slug: 'pct-2', title: 'Save 50 on ux audits', categories: design }));
    await createPost(editor, postInput({ slug: 'pct-3', title: 'Save 50% on ux audits', categories: [categoryIds['Technology']!] }));
    const inDesign = (search: string) => listPosts(admin, { trash: false, search, categoryIds: design, page: 1 });
    expect((await inDesign('50% on ux')).items.map((item) => item.slug)).toEqual(['pct-1']);
    expect((await inDesign('UX audits')).items.map((item) => item.slug).sort()).toEqual(['pct-1', 'pct-2']);
    expect((await inDesign('50_on')).total).toBe(0);
    await createPost(contributor, postInput({ slug: 'mine-1', title: 'My 100% draft', status: 'draft' }));
    const own = await listPosts(contributor, { trash: false, search: '100%', categoryIds: [], page: 1 });
    expect(own.items.map((item) => item.slug)).toEqual(['mine-1']);
  });

  it('keeps the search index in step with edits and deletions, and caps the count of a broad search', async () => {
    const created = await createPost(editor, postInput({ slug: 'indexed', title: 'Quokka facts' }));
    if (!created.ok) throw new Error('create failed');
    const find = (search: string) => listPosts(admin, { trash: false, search, categoryIds: [], page: 1 });
    expect((await find('quokka')).items.map((item) => item.id)).toEqual([created.id]);
    await updatePost(editor, created.id, { ...postInput({ slug: 'indexed', title: 'Wombat facts' }), version: 1 });
    expect((await find('quokka')).total).toBe(0);
    expect((await find('WOMBAT')).items.map((item) => item.id)).toEqual([created.id]);
    // Whole words and the starts of words, not any inner substring.
    expect((await find('wom fac')).items.map((item) => item.id)).toEqual([created.id]);
    expect((await find('mb')).total).toBe(0);
    await trashPost(editor, created.id);
    await deletePost(admin, created.id);
    expect((await find('wombat')).total).toBe(0);

    for (let i = 0; i < 25; i++) await createPost(editor, postInput({ slug: `many-${i}`, title: `Numerous ${i}` }));
    const broad = await find('numerous');
    expect(broad).toMatchObject({ total: 25, more: false, pageCount: 2 });
    expect(broad.items).toHaveLength(20);
  });

  it('adds a category once, trimmed, whatever its letter case', async () => {
    const added = await addCategory(author, 'Rust');
    expect(added).toMatchObject({ ok: true, category: { name: 'Rust' } });
    expect(await addCategory(editor, 'rust')).toMatchObject({ ok: false, fieldErrors: { categories: [expect.any(String)] } });
    expect(await addCategory(contributor, 'Go')).toEqual({ ok: false, reason: 'forbidden' });
    expect((await listCategories()).map((category) => category.name)).toContain('Rust');
  });
});
