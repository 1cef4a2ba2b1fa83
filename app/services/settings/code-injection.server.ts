import type { Actor } from '#app/lib/permissions.ts';
import type { CodeInjection } from '#app/schemas/code-injection.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import { forbidden, type Result } from '#app/services/failures.ts';
import { isAdministrator } from '#app/services/users/actor.ts';

import { readSetting, writeSettings } from './settings-store.server.ts';

/** The settings row Settings → Code Injection saves. */
export const CODE_INJECTION_KEY = 'code_injection';

const NONE: CodeInjection = { head: '', footer: '', scriptSources: [] };

export function getCodeInjection(): Promise<CodeInjection> {
  return readSetting<CodeInjection>(CODE_INJECTION_KEY, NONE);
}

/**
 * What public pages add (docs/decisions/034), kept in memory until the next public write (its own save is one): the
 * snippets and the sources their scripts load from.
 */
export const codeInjectionForPages = memoUntilWrite(getCodeInjection);

/**
 * Saves the snippets and their sources: administrators only, whatever a role holds (code in every public page can do
 * anything a visitor's browser can), and recorded in the audit log with the save.
 */
export function saveCodeInjection(actor: Actor, input: CodeInjection, version?: string): Promise<Result> {
  if (!isAdministrator(actor)) return Promise.resolve(forbidden('Only administrators may change the code injected into the site.'));
  return writeSettings(
    actor,
    { [CODE_INJECTION_KEY]: input },
    (trx) =>
      recordAudit(trx, {
        actor: { id: actor.id },
        action: 'code_injection.updated',
        target: { type: 'settings', id: 'code-injection', label: 'Code Injection' },
        details: { headLength: input.head.length, footerLength: input.footer.length, scriptSources: input.scriptSources },
      }),
    version,
  );
}
