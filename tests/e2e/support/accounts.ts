/** Accounts the end-to-end server is prepared with (see prepare-data.ts). */
export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
export const TEST_PASSWORD = 'e2e-password-123';
export const ACCOUNTS = {
  editor: { email: 'editor@example.com', role: 'editor' },
  author: { email: 'author@example.com', role: 'author' },
  contributor: { email: 'contributor@example.com', role: 'contributor' },
  /** Signed in, but their role lacks access_admin. */
  member: { email: 'member@example.com', role: 'member' },
  /** Used only by the lock-out test, so its failures do not lock anyone else. */
  lockout: { email: 'lockout@example.com', role: 'editor' },
  /** Enrols in two-factor sign-in (two-factor.spec.ts); nobody else signs in as them. */
  twoFactor: { email: 'two-factor@example.com', role: 'editor' },
  /** Edits pages and the landing copy but may not publish (role page_writer: manage_pages only). */
  pageWriter: { email: 'page-writer@example.com', role: 'page_writer' },
  /** Creates and revokes API tokens (api-tokens.spec.ts). */
  tokens: { email: 'tokens@example.com', role: 'editor' },
  /** Manages users and nothing else (role people_manager: access_admin + manage_users). */
  peopleManager: { email: 'people@example.com', role: 'people_manager' },
} as const;
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
