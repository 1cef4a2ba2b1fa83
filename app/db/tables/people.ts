import type { Generated } from 'kysely';

/** Staff accounts, roles, sessions, sign-in throttles, second factors, API tokens and password resets. */

export interface RoleTable {
  id: string;
  name: string;
  description: string;
  /** JSON array of permission names. */
  permissions: string;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  role_id: string;
  status: 'active' | 'inactive' | 'pending';
  avatar: string | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  /** SHA-256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: string;
  /** Refreshed at most every few minutes; a session idle for SESSION_IDLE_DAYS ends. */
  last_used_at: string;
  /** The browser's User-Agent when the session started (at most 512 characters). */
  user_agent: string;
}

/** A pending user's invitation: the link's token is never stored, only its SHA-256. */
export interface UserInvitationTable {
  user_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  created_by: string | null;
}

export interface ThrottleTable {
  /** What is counted, e.g. 'sign-in:ip:<address>'. */
  key: string;
  count: number;
  window_started_at: string;
}

/** A user's TOTP enrolment; pending (enabled_at null) until a first code confirms it. */
export interface TwoFactorTable {
  user_id: string;
  /** The base32 secret, encrypted with a key derived from SESSION_SECRET (AES-256-GCM). */
  secret: string;
  enabled_at: string | null;
  /** The last accepted time step: a code is never accepted twice. */
  last_time_step: number | null;
  created_at: string;
}

export interface RecoveryCodeTable {
  id: string;
  user_id: string;
  /** SHA-256 of the normalised code; the code itself is shown once and never stored. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A right password waiting for its second factor. */
export interface SignInChallengeTable {
  id: string;
  token_hash: string;
  user_id: string;
  attempts: Generated<number>;
  expires_at: string;
  user_agent: string;
}

/** A personal API token; the token itself is shown once and never stored. */
export interface ApiTokenTable {
  id: string;
  user_id: string;
  name: string;
  /** SHA-256 of the whole token. */
  token_hash: string;
  /** The token's first characters, so its holder can tell tokens apart. */
  prefix: string;
  /** JSON array of permission names the token may use (never more than its user holds at the time). */
  scopes: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** An open password reset link (one per user); the token itself is mailed or shown once and never stored. */
export interface PasswordResetTable {
  user_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  /** The administrator who made the link, or null when the user asked for it. */
  created_by: string | null;
}
