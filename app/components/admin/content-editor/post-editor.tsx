import { getInputProps, getTextareaProps } from '@conform-to/react';
import { useFetcher } from 'react-router';

import { inputClass } from '#app/components/ui/buttons.ts';
import { Field } from '#app/components/ui/field.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { CONTENT_SCREENS } from '#app/lib/content-screens.ts';
import { toDateTimeLocal } from '#app/schemas/content-fields.ts';
import { parseTags, postFormSchema } from '#app/schemas/post.ts';

import { CategoryPicker } from '../category-picker.tsx';
import { PostPreview } from '../content-preview.tsx';
import { type FormFields, listOf, textOf } from '../editing/form-fields.ts';
import { ImageField } from '../image-field.tsx';
import { ContentField } from './content-field.tsx';
import { type EditingProps, EditorShell } from './editor-shell.tsx';
import { MetaDescriptionAndKeywords } from './seo-fields.tsx';
import { SeoPreview } from './seo-preview.tsx';

export interface EditablePost {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  status: 'draft' | 'published' | 'review';
  publish_date: string | null;
  featured_image: string | null;
  featured_image_alt: string;
  tags: string[];
  categoryIds: string[];
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  author_name: string;
  /** 1 when comments are turned off for this post. */
  comments_off: number;
  version: number;
}

/**
 * The blog post editor (docs/product.md, "Blog posts"): the shared editor shell with content and
 * excerpt, categories, tags and a featured image, and the post's SEO fields; Preview shows the
 * article as the public site lays it out.
 */
export function PostEditor(
  props: EditingProps & {
    post: EditablePost | null;
    authorName: string;
    siteName: string;
    statuses: readonly EditablePost['status'][];
    categories: { id: string; name: string; names: Partial<Record<string, string>> }[];
    canAddCategory: boolean;
    /** The site's languages other than the default, for the categories' names in them. */
    categoryLanguages?: { code: string; label: string }[];
  },
) {
  const { post, restored } = props;
  const preview = useFetcher<{ preview?: string }>();
  const texts = {
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
  };
  const saved: FormFields = {
    ...texts,
    categories: post?.categoryIds ?? [],
    featuredImage: post?.featured_image ?? '',
    featuredImageAlt: post?.featured_image_alt ?? '',
  };
  const loaded = restored ? Object.fromEntries(Object.keys(texts).map((name) => [name, textOf(restored.fields[name])])) : {};
  const categoryIds = restored ? listOf(restored.fields.categories) : (post?.categoryIds ?? []);
  const featuredImage = restored ? textOf(restored.fields.featuredImage) || null : (post?.featured_image ?? null);
  const featuredImageAlt = (restored ? textOf(restored.fields.featuredImageAlt) : '') || (post?.featured_image_alt ?? '');
  const [form, fields] = useSchemaForm(postFormSchema, {
    id: `post-editor-${post?.id ?? 'new'}`,
    lastResult: props.lastResult,
    defaultValue: { ...texts, ...loaded, commentsOff: post?.comments_off === 1 ? 'on' : '', version: post ? String(post.version) : '' },
  });
  const text = (values: FormData, name: string) => String(values.get(name) ?? '');

  return (
    <EditorShell
      screens={CONTENT_SCREENS.post}
      item={post}
      form={form}
      fields={fields}
      statuses={props.statuses}
      conflict={props.conflict}
      onSaveAndStay={props.onSaveAndStay}
      onPreview={(values) => preview.submit({ intent: 'preview', content: text(values, 'content') }, { method: 'post' })}
      session={
        props.session && props.onLoad
          ? {
              data: props.session,
              saved,
              categoryNames: Object.fromEntries(props.categories.map((category) => [category.id, category.name])),
              restoredFrom: restored?.label ?? null,
              onLoad: props.onLoad,
            }
          : undefined
      }
      renderPreview={(values) => (
        <PostPreview
          title={text(values, 'title')}
          excerpt={text(values, 'excerpt')}
          html={preview.state === 'idle' ? (preview.data?.preview ?? null) : null}
          image={text(values, 'featuredImage')}
          imageAlt={text(values, 'featuredImageAlt')}
          tags={parseTags(text(values, 'tags'))}
          author={post?.author_name ?? props.authorName}
        />
      )}
      main={
        <>
          <ContentField field={fields.content} rows={20} hint="Markdown: ## headings, - lists, **bold**, [links](/path)." />
          <Field id={fields.excerpt.id} label="Excerpt" error={fields.excerpt.errors?.[0]}>
            <textarea {...getTextareaProps(fields.excerpt)} rows={3} className={inputClass} />
          </Field>
        </>
      }
      seo={
        <>
          <Field id={fields.metaTitle.id} label="Meta Title" error={fields.metaTitle.errors?.[0]}>
            <input {...getInputProps(fields.metaTitle, { type: 'text' })} className={inputClass} />
          </Field>
          <MetaDescriptionAndKeywords description={fields.metaDescription} keywords={fields.metaKeywords} />
          <SeoPreview
            sources={{
              title: ['metaTitle', 'title'],
              description: ['metaDescription', 'excerpt'],
              image: 'featuredImage',
              pathPrefix: '/blog/',
              siteName: props.siteName,
              withSiteName: (name) => name === 'title',
            }}
          />
        </>
      }
      aside={
        <>
          <CategoryPicker
            name={fields.categories.name}
            categories={props.categories}
            defaultSelected={categoryIds}
            error={fields.categories.errors?.[0]}
            canAdd={props.canAddCategory}
            languages={props.categoryLanguages}
          />
          <Field id={fields.tags.id} label="Tags" error={fields.tags.errors?.[0]} hint="Separate tags with commas.">
            <input
              {...getInputProps(fields.tags, { type: 'text', ariaDescribedBy: `${fields.tags.id}-description` })}
              className={inputClass}
            />
          </Field>
          <ImageField
            name={fields.featuredImage.name}
            defaultValue={featuredImage}
            alt={{
              name: fields.featuredImageAlt.name,
              defaultValue: featuredImageAlt,
              error: fields.featuredImageAlt.errors?.[0],
            }}
          />
          {fields.featuredImage.errors?.[0] ? <p className="text-sm text-red-700">{fields.featuredImage.errors[0]}</p> : null}
          <div className="flex items-center gap-2">
            <input {...getInputProps(fields.commentsOff, { type: 'checkbox' })} className="size-4 rounded border-gray-300 text-blue-700" />
            <label htmlFor={fields.commentsOff.id} className="text-sm font-medium text-gray-800">
              Comments off
            </label>
          </div>
        </>
      }
    />
  );
}
