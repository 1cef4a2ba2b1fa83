import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ExternalLink } from 'lucide-react';
import { useRef, useState } from 'react';
import { Form, useFetcher, useNavigation } from 'react-router';
import { toDateTimeLocal } from '#app/schemas/content-fields.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { AdminPage } from './admin-page.tsx';
import { inputClass } from '#app/components/ui/buttons.ts';
import { PagePreview } from './content-preview.tsx';
import { EditorButtons } from './editor-header.tsx';
import { Card, Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';
import { useSlugFromTitle } from './use-slug-from-title.ts';
import { useUnsavedChanges } from './use-unsaved-changes.ts';

export interface EditablePage {
  id: string;
  title: string;
  slug: string;
  content: string;
  status: 'draft' | 'published';
  publish_date: string | null;
  meta_description: string;
  meta_keywords: string;
  og_image: string | null;
  version: number;
}

const STATUS_LABELS = { draft: 'Draft', published: 'Published' } as const;

/**
 * The page editor (spec 2.4): validated in the browser with the action's own schema, on
 * submit and then on every change; Save Changes waits for a change; leaving with unsaved
 * changes asks first; Preview shows the page as the public site renders it.
 */
export function PageEditor(props: {
  page: EditablePage | null;
  statuses: ('draft' | 'published')[];
  lastResult: SubmissionResult<string[]> | undefined;
  conflict: boolean;
}) {
  const { page } = props;
  const formId = `page-editor-${page?.id ?? 'new'}`;
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const { canSave, recheck, blocker } = useUnsavedChanges(formRef);
  const slugFromTitle = useSlugFromTitle(!page);
  const preview = useFetcher<{ preview?: string }>();
  const [previewing, setPreviewing] = useState(false);
  const [previewTitle, setPreviewTitle] = useState('');

  const [form, fields] = useForm({
    id: formId,
    lastResult: props.lastResult,
    defaultValue: {
      title: page?.title ?? '',
      slug: page?.slug ?? '',
      content: page?.content ?? '',
      status: page?.status ?? 'draft',
      publishDate: toDateTimeLocal(page?.publish_date ?? null),
      metaDescription: page?.meta_description ?? '',
      metaKeywords: page?.meta_keywords ?? '',
      ogImage: page?.og_image ?? '',
      version: page ? String(page.version) : '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pageFormSchema }),
  });
  const published = fields.status.value === 'published';

  const togglePreview = () => {
    if (previewing) return setPreviewing(false);
    const data = new FormData(formRef.current!);
    setPreviewTitle(String(data.get('title') ?? ''));
    preview.submit({ intent: 'preview', content: String(data.get('content') ?? '') }, { method: 'post' });
    setPreviewing(true);
  };

  return (
    <AdminPage
      title={page ? 'Edit Page' : 'Create New Page'}
      subtitle={page ? 'Modify the page content and settings.' : 'Create a new page for your website.'}
      actions={
        <EditorButtons
          cancelTo="/admin/pages"
          formId={formId}
          previewing={previewing}
          onTogglePreview={togglePreview}
          canSave={canSave}
          saving={navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'}
        />
      }
    >
      <FormAlert errors={form.errors} conflict={props.conflict} />
      {previewing ? <PagePreview title={previewTitle} html={preview.state === 'idle' ? (preview.data?.preview ?? null) : null} /> : null}
      <Form method="post" ref={formRef} {...getFormProps(form)} hidden={previewing} onInput={recheck} onChange={recheck} className="grid gap-6 lg:grid-cols-3">
        <input {...getInputProps(fields.version, { type: 'hidden' })} />
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <Field id={fields.title.id} label="Page Title" error={fields.title.errors?.[0]}>
              <input {...getInputProps(fields.title, { type: 'text' })} onInput={slugFromTitle.onTitleInput} className={inputClass} />
            </Field>
            <Field id={fields.slug.id} label="URL Slug" error={fields.slug.errors?.[0]}>
              <div className="flex rounded-md shadow-sm">
                <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-600">/</span>
                <input
                  {...getInputProps(fields.slug, { type: 'text' })}
                  ref={slugFromTitle.slugRef}
                  onInput={slugFromTitle.onSlugInput}
                  className={`${inputClass} rounded-l-none shadow-none`}
                />
              </div>
            </Field>
            {page ? (
              <a href={`/${page.slug}`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline">
                View live page
                <ExternalLink className="size-4" aria-hidden />
              </a>
            ) : null}
            <Field id={fields.content.id} label="Content" error={fields.content.errors?.[0]} hint="Markdown: ## headings, - lists, **bold**, [links](/path).">
              <textarea {...getTextareaProps(fields.content, { ariaDescribedBy: `${fields.content.id}-description` })} rows={12} className={`${inputClass} font-mono`} />
            </Field>
          </Card>
          <Card title="SEO Settings">
            <Field id={fields.metaDescription.id} label="Meta Description" error={fields.metaDescription.errors?.[0]}>
              <textarea {...getTextareaProps(fields.metaDescription)} rows={3} className={inputClass} />
            </Field>
            <Field id={fields.metaKeywords.id} label="Meta Keywords" error={fields.metaKeywords.errors?.[0]}>
              <input {...getInputProps(fields.metaKeywords, { type: 'text' })} placeholder="keyword1, keyword2, keyword3" className={inputClass} />
            </Field>
            <Field id={fields.ogImage.id} label="Social Image URL" error={fields.ogImage.errors?.[0]}>
              <input {...getInputProps(fields.ogImage, { type: 'text' })} inputMode="url" className={inputClass} />
            </Field>
          </Card>
        </div>
        <div className="space-y-6">
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
              <Field id={fields.publishDate.id} label="Publish Date" error={fields.publishDate.errors?.[0]} hint="UTC. Left empty, the page is dated when it is published.">
                <input {...getInputProps(fields.publishDate, { type: 'datetime-local', ariaDescribedBy: `${fields.publishDate.id}-description` })} className={inputClass} />
              </Field>
            </div>
          </Card>
        </div>
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
    </AdminPage>
  );
}
