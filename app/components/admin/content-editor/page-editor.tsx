import { useFetcher } from 'react-router';

import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { CONTENT_SCREENS } from '#app/lib/content-screens.ts';
import { toDateTimeLocal } from '#app/schemas/content-fields.ts';
import { pageFormSchema } from '#app/schemas/page.ts';

import { PagePreview } from '../content-preview.tsx';
import { textOf } from '../editing/form-fields.ts';
import { ImageField, type ImageFieldLabels } from '../image-field.tsx';
import { ContentField } from './content-field.tsx';
import { type EditingProps, EditorShell } from './editor-shell.tsx';
import { MetaDescriptionAndKeywords } from './seo-fields.tsx';
import { SeoPreview } from './seo-preview.tsx';

const SOCIAL_IMAGE_LABELS: ImageFieldLabels = {
  label: 'Social Image URL',
  chooseLabel: 'Choose Image',
  removeLabel: 'Remove social image',
  previewAlt: 'Social image preview',
};

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

/**
 * The page editor (docs/product.md, "Pages"): the shared editor shell with Markdown content, and
 * the page's SEO fields (the Social Image from the media library or any address) and their preview; Preview renders the Markdown on the server as the public page does.
 */
export function PageEditor(
  props: EditingProps & {
    page: EditablePage | null;
    statuses: readonly ('draft' | 'published')[];
    siteName: string;
  },
) {
  const { page, restored } = props;
  const preview = useFetcher<{ preview?: string }>();
  const saved = {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    content: page?.content ?? '',
    status: page?.status ?? 'draft',
    publishDate: toDateTimeLocal(page?.publish_date ?? null),
    metaDescription: page?.meta_description ?? '',
    metaKeywords: page?.meta_keywords ?? '',
    ogImage: page?.og_image ?? '',
  };
  const loaded = restored ? Object.fromEntries(Object.keys(saved).map((name) => [name, textOf(restored.fields[name])])) : {};
  const [form, fields] = useSchemaForm(pageFormSchema, {
    id: `page-editor-${page?.id ?? 'new'}`,
    lastResult: props.lastResult,
    defaultValue: { ...saved, ...loaded, version: page ? String(page.version) : '' },
  });

  return (
    <EditorShell
      screens={CONTENT_SCREENS.page}
      item={page}
      form={form}
      fields={fields}
      statuses={props.statuses}
      conflict={props.conflict}
      onSaveAndStay={props.onSaveAndStay}
      session={
        props.session && props.onLoad
          ? { data: props.session, saved, restoredFrom: restored?.label ?? null, onLoad: props.onLoad }
          : undefined
      }
      onPreview={(values) => preview.submit({ intent: 'preview', content: String(values.get('content') ?? '') }, { method: 'post' })}
      renderPreview={(values) => (
        <PagePreview title={String(values.get('title') ?? '')} html={preview.state === 'idle' ? (preview.data?.preview ?? null) : null} />
      )}
      main={<ContentField field={fields.content} rows={12} hint="Markdown: ## headings, - lists, **bold**, [links](/path)." />}
      seo={
        <>
          <MetaDescriptionAndKeywords description={fields.metaDescription} keywords={fields.metaKeywords} />
          <ImageField
            name={fields.ogImage.name}
            defaultValue={(restored ? textOf(restored.fields.ogImage) : page?.og_image) || null}
            labels={SOCIAL_IMAGE_LABELS}
            error={fields.ogImage.errors?.[0]}
          />
          <SeoPreview
            sources={{
              title: ['title'],
              description: ['metaDescription'],
              image: 'ogImage',
              pathPrefix: '/',
              siteName: props.siteName,
              withSiteName: () => true,
            }}
          />
        </>
      }
    />
  );
}
