import { type FieldMetadata, getTextareaProps } from '@conform-to/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

import { inputClass } from '#app/components/ui/buttons.ts';
import { Field } from '#app/components/ui/field.tsx';

// The rich editor is a chunk of its own, fetched only once an editor screen has hydrated (docs/decisions/025).
const RichEditor = lazy(() => import('./rich-editor/rich-editor.tsx'));

/**
 * The Content field of pages and posts. The server renders the plain Markdown textarea labelled "Content", which
 * is what works without JavaScript and what the form submits; once the script runs, the rich editor sits in front
 * of it and writes every change back into it (with an `input` event), so saving, unsaved-changes tracking and
 * autosave keep reading the form. The editor's Markdown source view shows the textarea itself.
 */
export function ContentField<Schema extends Record<string, unknown>>(props: {
  field: FieldMetadata<string, Schema, string[]>;
  hint: string;
  rows: number;
}) {
  const { field } = props;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [ready, setReady] = useState(false);
  const [source, setSource] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <Field id={field.id} label="Content" error={field.errors?.[0]} hint={ready ? undefined : props.hint}>
      {hydrated ? (
        <Suspense fallback={null}>
          <RichEditor
            textareaRef={textareaRef}
            fieldId={field.id}
            labelId={`${field.id}-label`}
            invalid={!!field.errors?.length}
            source={source}
            onSourceChange={setSource}
            onReady={() => setReady(true)}
          />
        </Suspense>
      ) : null}
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: ready ? undefined : `${field.id}-description` })}
        // Once the rich editor is there, the label "Content" names it, and this is its Markdown view.
        id={ready ? `${field.id}-markdown` : field.id}
        ref={textareaRef}
        hidden={ready && !source}
        aria-label={ready ? 'Markdown source' : undefined}
        rows={props.rows}
        className={`${inputClass} font-mono ${ready ? 'rounded-t-none' : ''}`}
      />
    </Field>
  );
}
