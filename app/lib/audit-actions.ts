/**
 * The audit log's vocabulary: every recorded action and how the log screen names it. Services record
 * only these names, so the filter on the log screen lists every action that can appear.
 */
export const AUDIT_ACTIONS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.sign_in_throttled': 'Sign-in throttled',
  'auth.password_check_failed': 'Password confirmation refused',
  'auth.two_factor_failed': 'Two-factor code refused',
  'auth.recovery_code_used': 'Recovery code used',
  'two_factor.enabled': 'Two-factor enabled',
  'two_factor.disabled': 'Two-factor disabled',
  'two_factor.reset': "Another user's two-factor reset",
  'two_factor.recovery_codes_renewed': 'Recovery codes renewed',
  'two_factor.policy_changed': 'Two-factor requirement changed',
  'token.created': 'API token created',
  'token.revoked': 'API token revoked',
  'permission.denied': 'Permission refused',
  'settings.updated': 'Settings changed',
  'code_injection.updated': 'Code injection changed',
  'backup.downloaded': 'Backup downloaded',
  'content.published': 'Content published',
  'content.scheduled': 'Content scheduled',
  'content.unscheduled': 'Content unscheduled',
  'draft_link.created': 'Draft link shared',
  'draft_link.revoked': 'Draft link revoked',
  'content.trashed': 'Content moved to trash',
  'content.restored': 'Content restored',
  'content.deleted': 'Content deleted',
  'content.translated': 'Translation started',
  'content.translation_confirmed': 'Translation confirmed up to date',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.deleted': 'User deleted',
  'user.invited': 'User invited',
  'user.password_reset_requested': 'Password reset requested',
  'user.password_reset_link': 'Password reset link made',
  'user.password_reset': 'Password reset',
  'role.created': 'Role created',
  'role.updated': 'Role updated',
  'role.deleted': 'Role deleted',
  'theme.activated': 'Theme activated',
  'theme.deleted': 'Theme deleted',
  'menu.changed': 'Menu changed',
  'theme.created': 'Theme created',
  'theme.uploaded': 'Theme uploaded',
  'theme.saved': 'Theme saved',
  'theme.restored': 'Theme version restored',
  'landing.updated': 'Landing copy changed',
  'contact.updated': 'Contact settings changed',
  'media.uploaded': 'Media uploaded',
  'media.updated': 'Media edited',
  'media.deleted': 'Media deleted',
  'message.deleted': 'Message deleted',
  'redirect.created': 'Redirect created',
  'redirect.updated': 'Redirect changed',
  'redirect.deleted': 'Redirect deleted',
  'redirect.imported': 'Redirects imported',
  'audit.suppressed': 'Audit entries held back',
  'comment.moderated': 'Comment moderated',
  'comment.deleted': 'Comment deleted',
  'comment.edited': 'Comment edited',
  'comment.replied': 'Staff reply to a comment',
  'comment.erased': 'Comments erased by e-mail',
  'import.wordpress': 'WordPress import',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTIONS[action] : action;
}
