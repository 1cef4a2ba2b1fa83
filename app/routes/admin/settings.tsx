import { AdminPage, PageLink } from '#app/components/admin/admin-page.tsx';
import { AdvancedSettingsForm } from '#app/components/admin/settings/advanced-settings-form.tsx';
import { BackupSettingsPanel } from '#app/components/admin/settings/backup-settings.tsx';
import { CodeInjectionForm } from '#app/components/admin/settings/code-injection-form.tsx';
import { CommentSettingsForm } from '#app/components/admin/settings/comment-settings-form.tsx';
import { EmailSettingsForm } from '#app/components/admin/settings/email-settings-form.tsx';
import { GeneralSettingsForm } from '#app/components/admin/settings/general-settings-form.tsx';
import { ImportSettingsPanel } from '#app/components/admin/settings/import-settings.tsx';
import { SecuritySettings, type SecurityTabData } from '#app/components/admin/settings/security-settings.tsx';
import type { SettingsReply } from '#app/components/admin/settings/settings-form.tsx';
import { isSettingsTab, SettingsTabs } from '#app/components/admin/settings/settings-tabs.tsx';
import { requireScreen } from '#app/http/guard.server.ts';
import { twoFactorStatus } from '#app/services/auth/two-factor.server.ts';
import { getTwoFactorPolicy } from '#app/services/auth/two-factor-policy.server.ts';
import { backupsStoredIn, getBackupSettings, listBackups } from '#app/services/backup/backup-schedule.server.ts';
import { getCommentSettings } from '#app/services/comments/comment-settings.server.ts';
import { listImportRuns } from '#app/services/import/import-runs.server.ts';
import { getCodeInjection } from '#app/services/settings/code-injection.server.ts';
import { getAdvancedSettings, getEmailSettings, getSiteSettings } from '#app/services/settings/settings.server.ts';
import { settingsVersion } from '#app/services/settings/settings-store.server.ts';
import { isAdministrator } from '#app/services/users/actor.ts';

import type { Route } from './+types/settings';
import { SETTINGS_FORM_KEYS, settingsAction, type SettingsForm } from './settings-action.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Settings · Admin · Atelier' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'settings');
  const requested = new URL(request.url).searchParams.get('tab');
  const [site, email, comments, advanced, policy, twoFactor, backupSettings, backups, imports, codeInjection] = await Promise.all([
    getSiteSettings(),
    getEmailSettings(),
    getCommentSettings(),
    getAdvancedSettings(),
    getTwoFactorPolicy(),
    twoFactorStatus(user.id),
    isAdministrator(user) ? getBackupSettings() : null,
    // The bucket not answering leaves the rest of Settings working, and says so on the Backups tab.
    isAdministrator(user)
      ? listBackups().then(
          (list) => ({ list, error: null }),
          (error: unknown) => ({ list: [], error: error instanceof Error ? error.message : String(error) }),
        )
      : { list: [], error: null },
    isAdministrator(user) ? listImportRuns() : null,
    isAdministrator(user) ? getCodeInjection() : null,
  ]);
  const security: SecurityTabData = {
    transport: context.transport,
    twoFactorRequiredFor: policy.requiredFor,
    twoFactorEnabled: twoFactor.enabled,
  };
  // Code Injection, Backups and Import are administrators' alone: others see none of these tabs.
  const administratorsOnly = requested === 'code-injection' || requested === 'backups' || requested === 'import';
  const tab = isSettingsTab(requested) && (!administratorsOnly || backupSettings) ? requested : ('general' as const);
  // The version each tab's form is opened at (the stored rows it saves): a save over someone else's change is refused.
  const versions = Object.fromEntries(
    await Promise.all(Object.entries(SETTINGS_FORM_KEYS).map(async ([form, keys]) => [form, await settingsVersion(keys)] as const)),
  );
  return {
    site,
    email,
    comments,
    advanced,
    security,
    backups: backupSettings
      ? { settings: backupSettings, backups: backups.list, listError: backups.error, storedIn: backupsStoredIn() }
      : null,
    imports,
    codeInjection,
    tab,
    versions,
  };
}

export const action = ({ request }: Route.ActionArgs) => settingsAction(request);

export default function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { tab } = loaderData;
  const replyFor = (form: SettingsForm): SettingsReply => (actionData?.intent === form ? actionData.result : undefined);
  const { site } = loaderData;
  // Every panel stays mounted (only the chosen one is shown), so General edits survive a look at another tab.
  // A successful save brings new values: the form starts afresh, which clears its "changed" mark.
  return (
    <AdminPage
      title="Settings"
      subtitle="Manage your site's general, security, email, comment and advanced settings, its code injection, backups and imports."
      actions={
        // The menu screen has no sidebar entry of its own.
        <PageLink to="/admin/menu">Navigation Menu</PageLink>
      }
    >
      <SettingsTabs current={tab} withBackups={!!loaderData.backups} />
      <div id="settings-panel-general" role="tabpanel" aria-labelledby="settings-tab-general" hidden={tab !== 'general'}>
        <GeneralSettingsForm key={JSON.stringify(site)} site={site} lastResult={replyFor('general')} />
      </div>
      <div id="settings-panel-security" role="tabpanel" aria-labelledby="settings-tab-security" hidden={tab !== 'security'}>
        <SecuritySettings security={loaderData.security} lastResult={replyFor('security')} />
      </div>
      <div id="settings-panel-email" role="tabpanel" aria-labelledby="settings-tab-email" hidden={tab !== 'email'}>
        <EmailSettingsForm key={JSON.stringify(loaderData.email)} email={loaderData.email} lastResult={replyFor('email')} />
      </div>
      <div id="settings-panel-comments" role="tabpanel" aria-labelledby="settings-tab-comments" hidden={tab !== 'comments'}>
        <CommentSettingsForm key={JSON.stringify(loaderData.comments)} comments={loaderData.comments} lastResult={replyFor('comments')} />
      </div>
      <div id="settings-panel-advanced" role="tabpanel" aria-labelledby="settings-tab-advanced" hidden={tab !== 'advanced'}>
        <AdvancedSettingsForm key={JSON.stringify(loaderData.advanced)} advanced={loaderData.advanced} lastResult={replyFor('advanced')} />
      </div>
      {loaderData.codeInjection ? (
        <div
          id="settings-panel-code-injection"
          role="tabpanel"
          aria-labelledby="settings-tab-code-injection"
          hidden={tab !== 'code-injection'}
        >
          <CodeInjectionForm
            key={JSON.stringify(loaderData.codeInjection)}
            code={loaderData.codeInjection}
            lastResult={replyFor('code-injection')}
          />
        </div>
      ) : null}
      {loaderData.backups ? (
        <div id="settings-panel-backups" role="tabpanel" aria-labelledby="settings-tab-backups" hidden={tab !== 'backups'}>
          <BackupSettingsPanel
            key={JSON.stringify(loaderData.backups.settings)}
            data={loaderData.backups}
            lastResult={replyFor('backups')}
          />
        </div>
      ) : null}
      {loaderData.imports ? (
        <div id="settings-panel-import" role="tabpanel" aria-labelledby="settings-tab-import" hidden={tab !== 'import'}>
          <ImportSettingsPanel runs={loaderData.imports} />
        </div>
      ) : null}
    </AdminPage>
  );
}
