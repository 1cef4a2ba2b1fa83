import { data } from 'react-router';

import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { fieldErrors, smtpTargetSchema } from '#app/schemas/settings.ts';
import { auditEvent } from '#app/services/audit/record-audit.server.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';
import { saveTwoFactorPolicy } from '#app/services/auth/two-factor-policy.server.ts';
import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';
import { saveAdvancedSettings, saveEmailSettings, type SaveResult, saveSiteSettings } from '#app/services/settings/settings.server.ts';
import { loadSiteBehaviour } from '#app/services/settings/site-behaviour.server.ts';
import { testSmtpConnection } from '#app/services/settings/smtp-check.server.ts';

const FIELDS = {
  general: ['siteName', 'showSiteName', 'tagline', 'logo', 'favicon', 'language', 'timezone', 'dateFormat', 'timeFormat'],
  advanced: ['cacheTtl', 'maintenanceMode', 'debugMode'],
  email: ['smtpHost', 'smtpPort', 'smtpUsername', 'smtpPassword', 'fromEmail'],
} as const;

function pick(form: FormData, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.flatMap((name) => (form.has(name) ? [[name, form.get(name)]] : [])));
}

const tabUrl = (tab: string) => `/admin/settings?tab=${tab}`;

async function saved(user: SessionUser, result: SaveResult, form: 'general' | 'advanced' | 'email', fields: readonly string[]) {
  if (!result.ok) return data({ form, errors: result.errors }, { status: 400 });
  await auditEvent({ actor: user, action: 'settings.updated', target: { type: 'settings', id: form, label: form }, details: { fields } });
  return redirectWithToast(tabUrl(form), { type: 'success', message: 'Settings saved successfully' });
}

/** The settings screen's forms, told apart by `intent`; refused input changes nothing and comes back with its messages. */
export async function settingsAction(request: Request) {
  const user = await requireScreen(request, 'settings');
  const form = await readForm(request);
  switch (form.get('intent')) {
    case 'general':
      return saved(user, await saveSiteSettings(pick(form, FIELDS.general)), 'general', FIELDS.general);
    case 'advanced': {
      const result = await saveAdvancedSettings(pick(form, FIELDS.advanced));
      // In effect for the very next request of this process (other processes reload on the cache broadcast).
      if (result.ok) await loadSiteBehaviour();
      return saved(user, result, 'advanced', FIELDS.advanced);
    }
    case 'email':
      return saved(user, await saveEmailSettings(pick(form, FIELDS.email)), 'email', FIELDS.email);
    case 'test-connection': {
      const target = smtpTargetSchema.safeParse(pick(form, ['smtpHost', 'smtpPort']));
      if (!target.success) return data({ form: 'email', errors: fieldErrors(target.error) }, { status: 400 });
      const { smtpHost, smtpPort } = target.data;
      const result = await testSmtpConnection(user.id, smtpHost, smtpPort!);
      return redirectWithToast(
        tabUrl('email'),
        result.ok
          ? { type: 'success', message: `Connection successful: ${smtpHost}:${smtpPort} answered as an SMTP server` }
          : { type: 'error', message: `Connection failed: ${result.message}` },
      );
    }
    case 'two-factor-policy': {
      const value = form.get('requiredFor');
      const result = await saveTwoFactorPolicy({ actor: user, requiredFor: typeof value === 'string' ? value : '' });
      if (!result.ok) return data({ form: 'security', errors: { requiredFor: 'Choose a permission from the list.' } }, { status: 400 });
      return redirectWithToast(tabUrl('security'), { type: 'success', message: 'Settings saved successfully' });
    }
    case 'clear-cache':
      await invalidatePublicCache();
      return redirectWithToast(tabUrl('advanced'), {
        type: 'success',
        message: 'Cache cleared: public pages will be rebuilt on their next visit',
      });
    default:
      return data({ form: 'none', errors: { form: 'Unknown action.' } }, { status: 400 });
  }
}
