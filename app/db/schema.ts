import type {
  AutosaveTable,
  BlogPostTable,
  CategoryTable,
  CommentTable,
  DraftLinkTable,
  EditPresenceTable,
  PageTable,
  PageViewTable,
  PostCategoryTable,
  PostTagTable,
  RevisionTable,
  ViewVisitorTable,
} from './tables/content.ts';
import type {
  ApiTokenTable,
  PasswordResetTable,
  RecoveryCodeTable,
  RoleTable,
  SessionTable,
  SignInChallengeTable,
  ThrottleTable,
  TwoFactorTable,
  UserInvitationTable,
  UserTable,
} from './tables/people.ts';
import type {
  AuditLogTable,
  LandingContentTable,
  MediaTable,
  MediaUsageTable,
  MenuItemTable,
  MessageTable,
  NotificationStateTable,
  NotificationTable,
  PublicFormReceiptTable,
  RedirectTable,
  SettingTable,
  ThemeDraftTable,
  ThemeTable,
} from './tables/site.ts';
import type { CacheGenerationTable, ImportItemTable, ImportRunTable, JobTable } from './tables/system.ts';

export type * from './tables/content.ts';
export type * from './tables/people.ts';
export type * from './tables/site.ts';
export type * from './tables/system.ts';
/**
 * The database as Kysely sees it. The schema is portable between SQLite and
 * PostgreSQL: ids are text, timestamps are ISO-8601 UTC text (they sort as
 * text), booleans are 0/1 integers and structured values are JSON text.
 */
export interface Database {
  roles: RoleTable;
  users: UserTable;
  sessions: SessionTable;
  user_invitations: UserInvitationTable;
  throttles: ThrottleTable;
  pages: PageTable;
  blog_posts: BlogPostTable;
  categories: CategoryTable;
  post_categories: PostCategoryTable;
  post_tags: PostTagTable;
  media: MediaTable;
  view_visitors: ViewVisitorTable;
  media_usage: MediaUsageTable;
  themes: ThemeTable;
  theme_drafts: ThemeDraftTable;
  menu_items: MenuItemTable;
  settings: SettingTable;
  landing_content: LandingContentTable;
  messages: MessageTable;
  notifications: NotificationTable;
  notification_states: NotificationStateTable;
  page_views: PageViewTable;
  audit_log: AuditLogTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodeTable;
  sign_in_challenges: SignInChallengeTable;
  api_tokens: ApiTokenTable;
  public_form_receipts: PublicFormReceiptTable;
  password_resets: PasswordResetTable;
  redirects: RedirectTable;
  revisions: RevisionTable;
  autosaves: AutosaveTable;
  edit_presence: EditPresenceTable;
  jobs: JobTable;
  comments: CommentTable;
  draft_links: DraftLinkTable;
  import_items: ImportItemTable;
  import_runs: ImportRunTable;
  cache_generations: CacheGenerationTable;
}
