import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { LANGUAGES } from '#app/i18n/languages.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { DEFAULT_ROLES } from '#app/lib/permissions.ts';
import { defaultLanding } from '#app/services/landing/default-landing.ts';
import { refreshAllMediaUsage } from '#app/services/media/media-usage.server.ts';
import { linkTags } from '#app/services/posts/post-tags.server.ts';
import { recordRevision } from '#app/services/revisions/revisions.server.ts';
import { defaultContact, defaultSiteSettings, defaultSocial } from '#app/services/settings/defaults.ts';

import { seedMenus } from './seed/menus.ts';
import { seedPages } from './seed/pages.ts';
import { seedCategories, seedPosts } from './seed/posts.ts';
import { seedThemes } from './seed/themes.ts';
import { seedPageTranslationsFr, seedPostTranslationsFr } from './seed/translations.ts';
import { storeSeedMedia } from './seed-media.server.ts';

const SEED_MARKER = 'seed.completed_at';

/** A seeded page's row: published at the seed's time, at version 1. */
function seededPage(
  now: string,
  row: { id: string; language: string; group: string },
  page: { title: string; slug: string; content: string; metaDescription: string; metaKeywords: string },
) {
  return {
    id: row.id,
    language: row.language,
    translation_group: row.group,
    title: page.title,
    slug: page.slug,
    content: page.content,
    status: 'published' as const,
    meta_description: page.metaDescription,
    meta_keywords: page.metaKeywords,
    og_image: null,
    publish_date: now,
    version: 1,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Fills an empty database with the spec's seeded data, in one transaction.
 * Runs once: a database that was seeded (or already holds roles) is left alone.
 */
export async function seedDatabase(db: Kysely<Database>): Promise<boolean> {
  const marker = await db.selectFrom('settings').select('key').where('key', '=', SEED_MARKER).executeTakeFirst();
  const anyRole = await db.selectFrom('roles').select('id').limit(1).executeTakeFirst();
  if (marker || anyRole) return false;

  const now = nowIso();
  // Files first: they are copied into the upload storage, outside the transaction.
  const mediaRows = await storeSeedMedia(now);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('roles')
      .values(DEFAULT_ROLES.map((role) => ({ ...role, permissions: JSON.stringify(role.permissions), created_at: now, updated_at: now })))
      .execute();

    const englishPages = seedPages.map((page) => ({ page, id: newId() }));
    await trx
      .insertInto('pages')
      .values(englishPages.map(({ page, id }) => seededPage(now, { id, language: 'en', group: id }, page)))
      .execute();
    // French translations of some pages (decision 030): rows of the English page's group, made from its version 1.
    for (const translation of seedPageTranslationsFr) {
      const source = englishPages.find(({ page }) => page.slug === translation.of)!;
      await trx
        .insertInto('pages')
        .values({ ...seededPage(now, { id: newId(), language: 'fr', group: source.id }, translation), source_revision: 1 })
        .execute();
    }

    const categoryIds = new Map<string, string>();
    for (const name of seedCategories) {
      const id = newId();
      categoryIds.set(name, id);
      await trx.insertInto('categories').values({ id, name, created_at: now }).execute();
    }

    for (const post of seedPosts) {
      const id = newId();
      await trx
        .insertInto('blog_posts')
        .values({
          id,
          language: 'en',
          translation_group: id,
          title: post.title,
          slug: post.slug,
          content: post.content,
          excerpt: post.excerpt,
          status: 'published',
          featured_image: post.featuredImage,
          author_id: null,
          author_name: 'Atelier Team',
          tags: JSON.stringify(post.tags),
          meta_title: post.metaTitle,
          meta_description: post.metaDescription,
          meta_keywords: post.metaKeywords,
          publish_date: post.publishDate,
          views: post.views,
          version: 1,
          created_at: post.publishDate,
          updated_at: post.publishDate,
        })
        .execute();
      const links = post.categories.map((name) => ({ post_id: id, category_id: categoryIds.get(name)! }));
      if (links.length) await trx.insertInto('post_categories').values(links).execute();
      await linkTags(trx, id, post.tags);
      for (const translation of seedPostTranslationsFr.filter((candidate) => candidate.of === post.slug)) {
        const translationId = newId();
        await trx
          .insertInto('blog_posts')
          .values({
            id: translationId,
            language: 'fr',
            translation_group: id,
            source_revision: 1,
            title: translation.title,
            slug: translation.slug,
            content: translation.content,
            excerpt: translation.excerpt,
            status: 'published',
            featured_image: post.featuredImage,
            author_id: null,
            author_name: 'Atelier Team',
            tags: JSON.stringify(post.tags),
            meta_title: translation.metaTitle,
            meta_description: translation.metaDescription,
            meta_keywords: translation.metaKeywords,
            publish_date: post.publishDate,
            views: 0,
            version: 1,
            created_at: post.publishDate,
            updated_at: post.publishDate,
          })
          .execute();
        if (links.length)
          await trx
            .insertInto('post_categories')
            .values(links.map((link) => ({ ...link, post_id: translationId })))
            .execute();
        await linkTags(trx, translationId, post.tags);
      }
    }

    if (mediaRows.length) await trx.insertInto('media').values(mediaRows).execute();

    await trx
      .insertInto('themes')
      .values(
        seedThemes.map((theme) => ({
          id: theme.id,
          name: theme.name,
          description: theme.description,
          is_active: theme.isActive ? 1 : 0,
          settings: JSON.stringify(theme.settings),
          data: '{}',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    const pageIds = new Map(
      (await trx.selectFrom('pages').select(['id', 'slug']).where('language', '=', 'en').execute()).map((page) => [
        `/${page.slug}`,
        page.id,
      ]),
    );
    const menuRows = (['header', 'footer'] as const).flatMap((location) =>
      seedMenus[location].map((item, order) => ({
        id: newId(),
        title: item.title,
        titles: JSON.stringify(item.titles),
        link_type: item.linkType,
        target_id: item.linkType === 'page' ? (pageIds.get(item.path) ?? null) : null,
        parent_id: null,
        path: item.path,
        location,
        sort_order: order,
      })),
    );
    await trx.insertInto('menu_items').values(menuRows).execute();

    const settings: Record<string, unknown> = {
      site: defaultSiteSettings,
      contact: defaultContact,
      social: defaultSocial,
      [SEED_MARKER]: now,
    };
    await trx
      .insertInto('settings')
      .values(Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value), updated_at: now })))
      .execute();

    for (const locale of LANGUAGES) {
      const content = defaultLanding[locale];
      await trx
        .insertInto('landing_content')
        .values({ locale, published: JSON.stringify(content), published_at: now, version: 1, updated_at: now })
        .execute();
      await recordRevision(trx, {
        kind: 'landing',
        itemId: locale,
        version: 1,
        state: content,
        published: true,
        previous: null,
        savedBy: null,
      });
    }
    // Where the starter content uses the seeded media (the logo, the hero image, a featured image).
    await refreshAllMediaUsage(trx);
  });
  return true;
}
