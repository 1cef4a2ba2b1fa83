import { type FieldMetadata, getTextareaProps } from '@conform-to/react';

import { inputClass } from '#app/components/ui/buttons.ts';
import { Field } from '#app/components/ui/field.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { type CodeInjection, codeInjectionSchema } from '#app/schemas/code-injection.ts';

import { SettingsFormCard, type SettingsReply } from './settings-form.tsx';

const codeClass = `${inputClass} font-mono text-xs leading-5`;

function CodeArea({ field, label, hint, rows }: { field: FieldMetadata<unknown>; label: string; hint: string; rows: number }) {
  return (
    <Field id={field.id} label={label} error={field.errors?.[0]} hint={hint}>
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: field.descriptionId })}
        rows={rows}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        className={codeClass}
      />
    </Field>
  );
}

/**
 * The Code Injection tab (administrators only): HTML added to every public page's head and to the end of its body
 * (analytics, consent tools), and the sources their scripts load from, which the pages' Content Security Policy then
 * allows. Inline scripts in the snippets run with the page's nonce; nothing is added to the admin.
 */
export function CodeInjectionForm({ code, lastResult }: { code: CodeInjection; lastResult: SettingsReply }) {
  const [form, fields] = useSchemaForm(codeInjectionSchema, {
    id: 'settings-code-injection',
    lastResult,
    defaultValue: { head: code.head, footer: code.footer, scriptSources: code.scriptSources.join('\n') },
    coerce: false,
  });
  return (
    <SettingsFormCard form={form} intent="code-injection" label="Code injection" title="Code Injection" saveLabel="Save Code Injection">
      <p className="text-sm text-gray-700">
        Code added here runs on every public page for every visitor (never in the admin). Only add code from services you trust. Every save
        is recorded in the audit log.
      </p>
      <CodeArea
        field={fields.head}
        label="Site Header"
        rows={8}
        hint="Added at the end of each public page's <head>: analytics, consent tools, verification tags."
      />
      <CodeArea field={fields.footer} label="Site Footer" rows={8} hint="Added at the end of each public page's <body>." />
      <CodeArea
        field={fields.scriptSources}
        label="Allowed script sources"
        rows={4}
        hint="One https:// address per line (https://plausible.io, https://*.googletagmanager.com). Public pages' Content Security Policy lets scripts load from them and send to them; scripts from anywhere else are blocked. Inline scripts above run as they are."
      />
    </SettingsFormCard>
  );
}
