import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';

import { type ActionReply, failureMessage, throwFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { codeInjectionSchema } from '#app/schemas/code-injection.ts';
import { commentSettingsSchema } from '#app/schemas/comment.ts';
import { postedTranslations } from '#app/schemas/per-language.ts';
import {
  advancedSettingsSchema,
  backupSettingsSchema,
  emailSettingsSchema,
  generalSettingsSchema,
  smtpTargetSchema,
  twoFactorPolicySchema,
} from '#app/schemas/settings.ts';
import { auditEvent } from '#app/services/audit/record-audit.server.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';
import { saveTwoFactorPolicy } from '#app/services/auth/two-factor-policy.server.ts';
import { saveBackupSettings } from '#app/services/backup/backup-schedule.server.ts';
import { saveCommentSettings } from '#app/services/comments/comment-settings.server.ts';
import { type Failure, invalid, type Result } from '#app/services/failures.ts';
import { clearPublicCache } from '#app/services/public-write.server.ts';
import { CODE_INJECTION_KEY, saveCodeInjection } from '#app/services/settings/code-injection.server.ts';
import { saveAdvancedSettings, saveEmailSettings, saveSiteSettings } from '#app/services/settings/settings.server.ts';
import { loadSiteBehaviour } from '#app/services/settings/site-behaviour.server.ts';
import { testSmtpConnection } from '#app/services/settings/smtp-check.server.ts';

/** The settings screen's forms; the answer names the one it is for, since all of them share this page. */
export type SettingsForm = 'general' | 'security' | 'email' | 'comments' | 'advanced' | 'code-injection' | 'backups';

const tabUrl = (tab: string) => `/admin/settings?tab=${tab}`;

/** The settings rows each form saves: its version is theirs (`settingsVersion`), checked by the save. */
export const SETTINGS_FORM_KEYS: Record<SettingsForm, string[]> = {
  general: ['site'],
  security: ['two_factor_policy'],
  email: ['email'],
  comments: ['comments'],
  advanced: ['advanced'],
  'code-injection': [CODE_INJECTION_KEY],
  backups: ['backups'],
};

/**
 * A refused submission, back to its form as Conform's reply, with the service's messages if it refused.
 * The SMTP password is never sent back, not even the one just typed.
 */
function refused(form: SettingsForm, submission: Submission<unknown>, failure?: Failure) {
  if (failure && failure.reason !== 'invalid' && failure.reason !== 'conflict') throwFailure(failure);
  // Someone else saved these settings first: the form says so and offers the latest version.
  const conflict = failure?.reason === 'conflict';
  const result = submission.reply({
    fieldErrors: failure?.reason === 'invalid' ? failure.fieldErrors : undefined,
    formErrors: failure?.reason === 'invalid' ? failure.formErrors : conflict ? [failureMessage(failure)] : undefined,
    hideFields: ['smtpPassword'],
  }) as SubmissionResult<string[]>;
  return data<ActionReply>({ intent: form, result, conflict }, { status: conflict ? 409 : 400 });
}

/**
 * The schemas read the form as posted (an empty field is '', an unticked box is absent), as the services do,
 * so Conform's own coercion is off: a favicon emptied in the form means "none", not "keep the stored one".
 */
const SCHEMAS = {
  general: generalSettingsSchema,
  advanced: advancedSettingsSchema,
  email: emailSettingsSchema,
  backups: backupSettingsSchema,
  comments: commentSettingsSchema,
} as const;

async function saved(user: SessionUser, result: Result, form: keyof typeof SCHEMAS, submission: Submission<unknown>) {
  if (!result.ok) return refused(form, submission, result);
  const fields = Object.keys(SCHEMAS[form].shape);
  await auditEvent({ actor: user, action: 'settings.updated', target: { type: 'settings', id: form, label: form }, details: { fields } });
  return redirectWithToast(tabUrl(form), { type: 'success', message: 'Settings saved successfully' });
}

/** The settings screen's forms, told apart by `intent`; refused input changes nothing and comes back with its messages. */
export async function settingsAction(request: Request) {
  const user = await requireScreen(request, 'settings');
  const form = await readForm(request);
  // The version the form was opened at; absent (a client without it), the save is not checked.
  const version = formText(form, 'version') || undefined;
  switch (form.get('intent')) {
    case 'general': {
      const submission = parseWithZod(form, { schema: SCHEMAS.general, disableAutoCoercion: true });
      if (submission.status !== 'success') return refused('general', submission);
      const general = { ...submission.value, translations: postedTranslations(form, submission.value.translations) };
      return saved(user, await saveSiteSettings(user, general, version), 'general', submission);
    }
    case 'advanced': {
      const submission = parseWithZod(form, { schema: SCHEMAS.advanced, disableAutoCoercion: true });
      if (submission.status !== 'success') return refused('advanced', submission);
      const result = await saveAdvancedSettings(user, submission.value, version);
      // In effect for the very next request of this process (other processes reload on the cache broadcast).
      if (result.ok) await loadSiteBehaviour();
      return saved(user, result, 'advanced', submission);
    }
    case 'code-injection': {
      const submission = parseWithZod(form, { schema: codeInjectionSchema, disableAutoCoercion: true });
      if (submission.status !== 'success') return refused('code-injection', submission);
      // Administrators only (the service refuses anyone else with 403); the save is audited with its sources.
      const result = await saveCodeInjection(user, submission.value, version);
      if (!result.ok) return refused('code-injection', submission, result);
      return redirectWithToast(tabUrl('code-injection'), { type: 'success', message: 'Settings saved successfully' });
    }
    case 'backups': {
      const submission = parseWithZod(form, { schema: SCHEMAS.backups, disableAutoCoercion: true });
      if (submission.status !== 'success') return refused('backups', submission);
      return saved(user, await saveBackupSettings(user, submission.value, version), 'backups', submission);
    }
    case 'comments': {
      const submission = parseWithZod(form, { schema: SCHEMAS.comments, disableAutoCoercion: true });
      if (submission.status !== 'success') return refused('comments', submission);
      return saved(user, await saveCommentSettings(user, submission.value, version), 'comments', submission);
    }
    case 'email': {
      const submission = parseWithZod(form, { schema: SCHEMAS.email, disableAutoCoercion: true });
      if (submission.status !== 'success') return refused('email', submission);
      return saved(user, await saveEmailSettings(user, submission.value, version), 'email', submission);
    }
    case 'test-connection': {
      const submission = parseWithZod(form, { schema: smtpTargetSchema, disableAutoCoercion: true });
      if (submission.status !== 'success') return refused('email', submission);
      const { smtpHost, smtpPort } = submission.value;
      const result = await testSmtpConnection(user.id, smtpHost, smtpPort!);
      if (!result.ok && result.field) return refused('email', submission, invalid({ [result.field]: result.message }));
      return redirectWithToast(
        tabUrl('email'),
        result.ok
          ? { type: 'success', message: `Connection successful: ${smtpHost}:${smtpPort} answered as an SMTP server` }
          : { type: 'error', message: `Connection failed: ${result.message}` },
      );
    }
    case 'two-factor-policy': {
      const submission = parseWithZod(form, { schema: twoFactorPolicySchema, disableAutoCoercion: true });
      if (submission.status !== 'success') return refused('security', submission);
      const result = await saveTwoFactorPolicy(user, { requiredFor: submission.value.requiredFor }, version);
      if (!result.ok) return refused('security', submission, result);
      return redirectWithToast(tabUrl('security'), { type: 'success', message: 'Settings saved successfully' });
    }
    case 'clear-cache': {
      const cleared = await clearPublicCache(user);
      if (!cleared.ok) throwFailure(cleared);
      return redirectWithToast(tabUrl('advanced'), {
        type: 'success',
        message: 'Cache cleared: public pages will be rebuilt on their next visit',
      });
    }
    default:
      throw data({ message: 'Unknown action.' }, { status: 400 });
  }
}
