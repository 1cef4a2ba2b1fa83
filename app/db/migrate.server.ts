import { type Kysely, type Migration, Migrator } from 'kysely';

import * as initialSchema from './migrations/0001-initial-schema.ts';
import * as contentListIndexes from './migrations/0003-content-list-indexes.ts';
import * as sessionActivity from './migrations/0010-session-activity.ts';
import * as throttles from './migrations/0011-throttles.ts';
import * as mediaUploadedBy from './migrations/0012-media-uploaded-by.ts';
import * as postViewVisitors from './migrations/0013-post-view-visitors.ts';
import * as userDirectory from './migrations/0020-user-directory.ts';
import * as auditLog from './migrations/0025-audit-log.ts';
import * as twoFactor from './migrations/0026-two-factor.ts';
import * as apiTokens from './migrations/0027-api-tokens.ts';
import * as themeVersions from './migrations/0030-theme-versions.ts';
import * as themeDrafts from './migrations/0031-theme-drafts.ts';
import * as menuLinks from './migrations/0040-menu-links.ts';
import * as messageInbox from './migrations/0050-message-inbox.ts';
import * as notifications from './migrations/0051-notifications.ts';
import * as pageViews from './migrations/0052-page-views.ts';
import * as viewVisitors from './migrations/0060-view-visitors.ts';
import * as recoveryCodesArgon2 from './migrations/0065-recovery-codes-argon2.ts';
import * as twoFactorNoPendingSecrets from './migrations/0066-two-factor-no-pending-secrets.ts';
import * as oneThemeModel from './migrations/0067-one-theme-model.ts';
import * as ownMailFailureReasons from './migrations/0070-own-mail-failure-reasons.ts';
import * as landingDrafts from './migrations/0071-landing-drafts.ts';
import * as mediaUsage from './migrations/0072-media-usage.ts';
import * as publicFormReceipts from './migrations/0090-public-form-receipts.ts';
import * as passwordResets from './migrations/0095-password-resets.ts';
import * as redirects from './migrations/0096-redirects.ts';
import * as postParagraphsAsMarkdown from './migrations/0100-post-paragraphs-as-markdown.ts';
import * as featuredImageAlt from './migrations/0101-featured-image-alt.ts';
import * as revisionsAutosavePresence from './migrations/0120-revisions-autosave-presence.ts';
import * as jobs from './migrations/0130-jobs.ts';
import * as scheduledPublishing from './migrations/0131-scheduled-publishing.ts';
import * as draftLinks from './migrations/0132-draft-links.ts';
import * as comments from './migrations/0140-comments.ts';
import * as themeRevisionsInRevisions from './migrations/0145-theme-revisions-in-revisions.ts';
import * as contentLanguages from './migrations/0150-content-languages.ts';
import * as languageIndexes from './migrations/0152-language-indexes.ts';
import * as cacheGenerations from './migrations/0160-cache-generations.ts';
import * as fullTextSearch from './migrations/0170-full-text-search.ts';
import * as bigSiteIndexes from './migrations/0171-big-site-indexes.ts';
import * as wordpressImport from './migrations/0180-wordpress-import.ts';
import * as categoryNames from './migrations/0200-category-names.ts';
import * as searchTerms from './migrations/0230-search-terms.ts';
import * as coveringListIndexes from './migrations/0231-covering-list-indexes.ts';
import * as mediaTranslations from './migrations/0240-media-translations.ts';
import * as menuTitlesPerLanguage from './migrations/0250-menu-titles-per-language.ts';
import * as storedSearchVectors from './migrations/0260-stored-search-vectors.ts';
import * as postTags from './migrations/0270-post-tags.ts';
import * as mediaUrlIndex from './migrations/0280-media-url-index.ts';
import type { Database } from './schema.ts';

// Listed explicitly (not read from disk) so migrations ship inside the server bundle.
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0003-content-list-indexes': contentListIndexes,
  '0010-session-activity': sessionActivity,
  '0011-throttles': throttles,
  '0012-media-uploaded-by': mediaUploadedBy,
  '0013-post-view-visitors': postViewVisitors,
  '0020-user-directory': userDirectory,
  '0025-audit-log': auditLog,
  '0026-two-factor': twoFactor,
  '0027-api-tokens': apiTokens,
  '0030-theme-versions': themeVersions,
  '0031-theme-drafts': themeDrafts,
  '0040-menu-links': menuLinks,
  '0050-message-inbox': messageInbox,
  '0051-notifications': notifications,
  '0052-page-views': pageViews,
  '0060-view-visitors': viewVisitors,
  '0065-recovery-codes-argon2': recoveryCodesArgon2,
  '0066-two-factor-no-pending-secrets': twoFactorNoPendingSecrets,
  '0067-one-theme-model': oneThemeModel,
  '0070-own-mail-failure-reasons': ownMailFailureReasons,
  '0071-landing-drafts': landingDrafts,
  '0072-media-usage': mediaUsage,
  '0090-public-form-receipts': publicFormReceipts,
  '0095-password-resets': passwordResets,
  '0096-redirects': redirects,
  '0100-post-paragraphs-as-markdown': postParagraphsAsMarkdown,
  '0101-featured-image-alt': featuredImageAlt,
  '0120-revisions-autosave-presence': revisionsAutosavePresence,
  '0130-jobs': jobs,
  '0131-scheduled-publishing': scheduledPublishing,
  '0132-draft-links': draftLinks,
  '0140-comments': comments,
  '0145-theme-revisions-in-revisions': themeRevisionsInRevisions,
  '0150-content-languages': contentLanguages,
  '0152-language-indexes': languageIndexes,
  '0160-cache-generations': cacheGenerations,
  '0170-full-text-search': fullTextSearch,
  '0171-big-site-indexes': bigSiteIndexes,
  '0180-wordpress-import': wordpressImport,
  '0200-category-names': categoryNames,
  '0230-search-terms': searchTerms,
  '0231-covering-list-indexes': coveringListIndexes,
  '0240-media-translations': mediaTranslations,
  '0250-menu-titles-per-language': menuTitlesPerLanguage,
  '0260-stored-search-vectors': storedSearchVectors,
  '0270-post-tags': postTags,
  '0280-media-url-index': mediaUrlIndex,
};

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Features land in parallel branches with their own number ranges; a database may have seen a later one first.
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `Migration ${failed.migrationName} failed: ${cause}` : `Migrations failed: ${cause}`);
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Every migration this version knows, by name, in the order they sort (and run). */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}

/**
 * Applies only the named migrations (a restore fills an older backup's own schema first; `migrateToLatest` then
 * applies the others, in any order, as for a database that missed a branch's migrations).
 */
export async function migrateOnly(db: Kysely<Database>, names: string[]): Promise<void> {
  const chosen = Object.fromEntries(Object.entries(migrations).filter(([name]) => names.includes(name)));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => chosen }, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateToLatest();
  if (error) throw new Error(`Migrations failed: ${error instanceof Error ? error.message : String(error)}`);
}
