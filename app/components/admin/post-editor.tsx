import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ExternalLink } from 'lucide-react';
import { useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { toDateTimeLocal } from '#app/schemas/content-fields.ts';
import { parseTags, postFormSchema } from '#app/schemas/post.ts';
import { AdminPage } from './admin-page.tsx';
import { inputClass } from '#app/components/ui/buttons.ts';
import { CategoryPicker } from './category-picker.tsx';
import { PostPreview } from './content-preview.tsx';
import { EditorButtons } from './editor-header.tsx';
import { ImageField } from './image-field.tsx';
import { Card, Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';
import { useSlugFromTitle } from './use-slug-from-title.ts';
import { useUnsavedChanges } from './use-unsaved-changes.ts';

export interface EditablePost {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  status: 'draft' | 'published' | 'review';
  publish_date: string | null;
  featured_image: string | null;
  tags: string[];
  categoryIds: string[];
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  author_name: string;
  version: number;
}

type PostStatus = EditablePost['status'];
const STATUS_LABELS: Record<PostStatus, string> = { draft: 'Draft', published: 'Published', review: 'Review' };

/**
 * The blog post editor (spec 2.5), with the same safeguards as the page editor: schema
 * validation on submit then on every change, Save Changes waiting for a change, a question
 * before leaving unsaved work, and a save refused when someone else saved first.
 */
export function PostEditor(props: {
  post: EditablePost | null;
  authorName: string;
  statuses: PostStatus[];
  categories: { id: string; name: string }[];
  canAddCategory: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  conflict: boolean;
}) {
  const { post } = props;
  const formId = `post-editor-${post?.id ?? 'new'}`;
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const { canSave, recheck, blocker } = useUnsavedChanges(formRef);
  const slugFromTitle = useSlugFromTitle(!post);
  const [preview, setPreview] = useState<FormData | null>(null);

  const [form, fields] = useForm({
    id: formId,
    lastResult: props.lastResult,
    defaultValue: {
      title: post?.title ?? '',
      slug: post?.slug ?? '',
      content: post?.content ?? '',
      excerpt: post?.excerpt ?? '',
      status: post?.status ?? 'draft',
      publishDate: toDateTimeLocal(post?.publish_date ?? null),
      tags: post?.tags.join(', ') ?? '',
      metaTitle: post?.meta_title ?? '',
      metaDescription: post?.meta_description ?? '',
      metaKeywords: post?.meta_keywords ?? '',
      version: post ? String(post.version) : '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postFormSchema }),
  });
  const published = fields.status.value === 'published';
  const text = (name: string) => String(preview?.get(name) ?? '');

  return (
    <AdminPage
      title={post ? 'Edit Post' : 'Create New Post'}
      subtitle={post ? 'Modify the post content and settings.' : 'Write a new article for your blog.'}
      actions={
        <EditorButtons
          cancelTo="/admin/blog"
          formId={formId}
          previewing={!!preview}
          onTogglePreview={() => setPreview(preview ? null : new FormData(formRef.current!))}
          canSave={canSave}
          saving={navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'}
        />
      }
    >
      <FormAlert errors={form.errors} conflict={props.conflict} />
      {preview ? (
        <PostPreview
          title={text('title')}
          excerpt={text('excerpt')}
          content={text('content')}
          image={text('featuredImage')}
          tags={parseTags(text('tags'))}
          author={post?.author_name ?? props.authorName}
        />
      ) : null}
      <Form method="post" ref={formRef} {...getFormProps(form)} hidden={!!preview} onInput={recheck} onChange={recheck} className="grid gap-6 lg:grid-cols-3">
        <input {...getInputProps(fields.version, { type: 'hidden' })} />
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <Field id={fields.title.id} label="Post Title" error={fields.title.errors?.[0]}>
              <input {...getInputProps(fields.title, { type: 'text' })} onInput={slugFromTitle.onTitleInput} className={inputClass} />
            </Field>
            <Field id={fields.slug.id} label="URL Slug" error={fields.slug.errors?.[0]}>
              <div className="flex rounded-md shadow-sm">
                <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-600">/blog/</span>
                <input
                  {...getInputProps(fields.slug, { type: 'text' })}
                  ref={slugFromTitle.slugRef}
                  onInput={slugFromTitle.onSlugInput}
                  className={`${inputClass} rounded-l-none shadow-none`}
                />
              </div>
            </Field>
            {post ? (
              <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline">
                View live post
                <ExternalLink className="size-4" aria-hidden />
              </a>
            ) : null}
            <Field id={fields.content.id} label="Content" error={fields.content.errors?.[0]} hint="Each line becomes a paragraph.">
              <textarea {...getTextareaProps(fields.content, { ariaDescribedBy: `${fields.content.id}-description` })} rows={20} className={inputClass} />
            </Field>
            <Field id={fields.excerpt.id} label="Excerpt" error={fields.excerpt.errors?.[0]}>
              <textarea {...getTextareaProps(fields.excerpt)} rows={3} className={inputClass} />
            </Field>
          </Card>
          <Card title="SEO Settings">
            <Field id={fields.metaTitle.id} label="Meta Title" error={fields.metaTitle.errors?.[0]}>
              <input {...getInputProps(fields.metaTitle, { type: 'text' })} className={inputClass} />
            </Field>
            <Field id={fields.metaDescription.id} label="Meta Description" error={fields.metaDescription.errors?.[0]}>
              <textarea {...getTextareaProps(fields.metaDescription)} rows={3} className={inputClass} />
            </Field>
            <Field id={fields.metaKeywords.id} label="Meta Keywords" error={fields.metaKeywords.errors?.[0]}>
              <input {...getInputProps(fields.metaKeywords, { type: 'text' })} placeholder="keyword1, keyword2, keyword3" className={inputClass} />
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
              <Field id={fields.publishDate.id} label="Publish Date" error={fields.publishDate.errors?.[0]} hint="UTC. Left empty, the post is dated when it is published.">
                <input {...getInputProps(fields.publishDate, { type: 'datetime-local', ariaDescribedBy: `${fields.publishDate.id}-description` })} className={inputClass} />
              </Field>
            </div>
          </Card>
          <Card>
            <CategoryPicker
              name={fields.categories.name}
              categories={props.categories}
              defaultSelected={post?.categoryIds ?? []}
              error={fields.categories.errors?.[0]}
              canAdd={props.canAddCategory}
            />
            <Field id={fields.tags.id} label="Tags" error={fields.tags.errors?.[0]} hint="Separate tags with commas.">
              <input {...getInputProps(fields.tags, { type: 'text', ariaDescribedBy: `${fields.tags.id}-description` })} className={inputClass} />
            </Field>
            <ImageField name={fields.featuredImage.name} defaultValue={post?.featured_image ?? null} />
            {fields.featuredImage.errors?.[0] ? <p className="text-sm text-red-700">{fields.featuredImage.errors[0]}</p> : null}
          </Card>
        </div>
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
    </AdminPage>
  );
}
