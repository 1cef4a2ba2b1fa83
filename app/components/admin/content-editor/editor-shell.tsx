import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
} from '@conform-to/react';
import { ExternalLink } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';

import { inputClass } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import type { ContentScreens } from '#app/lib/content-screens.ts';
import { SAVE_AND_STAY_FIELD } from '#app/lib/content-screens.ts';

import { AdminPage } from '../admin-page.tsx';
import { EditingSession, type EditingSessionData } from '../editing/editing-session.tsx';
import type { FormFields } from '../editing/form-fields.ts';
import { UnsavedChangesDialog } from '../unsaved-changes-dialog.tsx';
import { useSlugFromTitle } from '../use-slug-from-title.ts';
import { useUnsavedChanges } from '../use-unsaved-changes.ts';
import { EditorButtons } from './editor-buttons.tsx';
import { useSaveShortcut } from './use-save-shortcut.ts';

/** What the editorial route gives either editor beside its item: the save's reply and the editing session's state. */
export interface EditingProps {
  lastResult: SubmissionResult<string[]> | undefined;
  conflict: boolean;
  session?: EditingSessionData;
  /** A revision or autosave loaded into the editor as an unsaved change. */
  restored?: { fields: FormFields; label: string } | null;
  onLoad?: (fields: FormFields, label: string) => void;
  onSaveAndStay?: (formId: string, sent: FormFields) => void;
}

const STATUS_LABELS: Record<string, string> = { draft: 'Draft', published: 'Published', review: 'Review' };

/** The fields every editor form has. */
interface SharedFields {
  title: string;
  slug: string;
  status: string;
  publishDate?: string | undefined;
  version?: unknown;
}

/**
 * What every editor of pages and posts has (docs/product.md, "Editors"): title and slug (the slug
 * follows the title until edited), the status and, when published, the publish date, an SEO card,
 * Preview / Exit Preview, Save Changes that waits for a change (and returns to the list), Ctrl/Cmd+S that
 * saves and stays, a question before leaving unsaved work, and the conflict alert when someone else saved first. The kind adds its own fields.
 */
export function EditorShell<Schema extends SharedFields & Record<string, unknown>>(props: {
  screens: ContentScreens;
  item: { id: string; slug: string } | null;
  form: FormMetadata<Schema, string[]>;
  fields: { [K in keyof SharedFields]-?: FieldMetadata<Schema[K], Schema, string[]> };
  statuses: readonly string[];
  conflict: boolean;
  /** Ctrl/Cmd+S is sending the form (its id and values): the editor opens the saved version when it is done. */
  onSaveAndStay?: (formId: string, sent: FormFields) => void;
  /** The content field(s) below title and slug. */
  main: ReactNode;
  /** The SEO Settings card's fields. */
  seo: ReactNode;
  /** Fields below the status card (a post's categories, tags and image). */
  aside?: ReactNode;
  /** Called with the form's values when Preview is pressed; `renderPreview` draws them. */
  onPreview?: (values: FormData) => void;
  renderPreview: (values: FormData) => ReactNode;
  /** Autosave, edit presence and revisions (decision 027): the item's saved fields, and a revision or autosave loaded. */
  session?: {
    data: EditingSessionData;
    saved: FormFields;
    categoryNames?: Record<string, string>;
    restoredFrom: string | null;
    onLoad: (fields: FormFields, label: string) => void;
  };
}) {
  const { screens, item, form, fields } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const { canSave, recheck, blocker } = useUnsavedChanges(formRef, !!props.session?.restoredFrom);
  const [readOnly, setReadOnly] = useState(false);
  const slugFromTitle = useSlugFromTitle(!item);
  const [preview, setPreview] = useState<FormData | null>(null);
  const published = fields.status.value === 'published';
  useSaveShortcut(formRef, canSave && !preview, props.onSaveAndStay);

  const togglePreview = () => {
    if (preview) return setPreview(null);
    const values = new FormData(formRef.current!);
    props.onPreview?.(values);
    setPreview(values);
  };

  return (
    <AdminPage
      title={item ? screens.editor.edit : screens.editor.create}
      subtitle={item ? screens.editor.editSubtitle : screens.editor.createSubtitle}
      actions={
        <EditorButtons
          cancelTo={screens.listPath}
          formId={form.id}
          previewing={!!preview}
          onTogglePreview={togglePreview}
          canSave={canSave && !readOnly}
          saving={navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'}
        />
      }
    >
      {props.session ? (
        <EditingSession
          data={props.session.data}
          noun={screens.kind}
          formRef={formRef}
          saved={props.session.saved}
          categoryNames={props.session.categoryNames}
          restoredFrom={props.session.restoredFrom}
          onLoad={props.session.onLoad}
          onReadOnly={setReadOnly}
        />
      ) : null}
      <FormAlert errors={form.errors} conflict={props.conflict} />
      {preview ? props.renderPreview(preview) : null}
      <Form
        method="post"
        ref={formRef}
        {...getFormProps(form)}
        hidden={!!preview}
        inert={readOnly}
        aria-disabled={readOnly || undefined}
        onInput={recheck}
        onChange={recheck}
        className="grid gap-6 lg:grid-cols-3"
      >
        <input {...getInputProps(fields.version, { type: 'hidden' })} />
        {/* Set by Ctrl/Cmd+S just before it submits: the action then comes back to this editor. */}
        <input type="hidden" name={SAVE_AND_STAY_FIELD} defaultValue="" />
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card>
            <Field id={fields.title.id} label={screens.editor.titleLabel} error={fields.title.errors?.[0]}>
              <input {...getInputProps(fields.title, { type: 'text' })} onInput={slugFromTitle.onTitleInput} className={inputClass} />
            </Field>
            <Field id={fields.slug.id} label="URL Slug" error={fields.slug.errors?.[0]}>
              <div className="flex rounded-md shadow-sm">
                <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-600">
                  {screens.slugPrefix}
                </span>
                <input
                  {...getInputProps(fields.slug, { type: 'text' })}
                  ref={slugFromTitle.slugRef}
                  onInput={slugFromTitle.onSlugInput}
                  className={`${inputClass} rounded-l-none shadow-none`}
                />
              </div>
            </Field>
            {item ? (
              <a
                href={screens.livePath(item.slug)}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline"
              >
                {screens.editor.viewLive}
                <ExternalLink className="size-4" aria-hidden />
              </a>
            ) : null}
            {props.main}
          </Card>
          <Card title="SEO Settings">{props.seo}</Card>
        </div>
        <div className="min-w-0 space-y-6">
          <Card>
            <Field id={fields.status.id} label="Status" error={fields.status.errors?.[0]}>
              <select {...getSelectProps(fields.status)} className={inputClass}>
                {props.statuses.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </Field>
            <div hidden={!published}>
              <Field
                id={fields.publishDate.id}
                label="Publish Date"
                error={fields.publishDate.errors?.[0]}
                hint={screens.editor.publishHint}
              >
                <input
                  {...getInputProps(fields.publishDate, {
                    type: 'datetime-local',
                    ariaDescribedBy: `${fields.publishDate.id}-description`,
                  })}
                  className={inputClass}
                />
              </Field>
            </div>
          </Card>
          {props.aside ? <Card>{props.aside}</Card> : null}
        </div>
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
    </AdminPage>
  );
}
