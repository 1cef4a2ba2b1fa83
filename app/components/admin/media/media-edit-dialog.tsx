import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';

import { inputClass, primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { Modal } from '#app/components/ui/modal.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { otherLanguages } from '#app/i18n/languages.ts';
import { formatFileSize } from '#app/lib/file-size.ts';
import type { MediaItem } from '#app/lib/media-item.ts';
import { mediaEditSchema } from '#app/schemas/media.ts';

import { KIND_LABELS } from './media-format.ts';
import { MediaThumbnail } from './media-thumbnail.tsx';

interface EditProps {
  back: string;
  /** The site's default content language: Alt Text and Description are asked again for each other published language. */
  defaultLanguage: string;
  onClose: () => void;
}

/**
 * Edit Media (docs/product.md, Media Library): Title, Description, Alt Text, Tags comma separated, then 'Alt Text
 * (French)' and 'Description (French)' for each other published language; Cancel, Save Changes.
 */
export function MediaEditDialog({ item, ...props }: EditProps & { item: MediaItem | null }) {
  return (
    <Modal open={!!item} onOpenChange={(open) => (open ? undefined : props.onClose())} title="Edit Media">
      {item ? <MediaEditForm key={item.id} item={item} {...props} /> : null}
    </Modal>
  );
}

/**
 * The dialog's form, on Conform with `mediaEditSchema`: the limits come from the schema and its messages show
 * before a round trip; the action reads the form with the same schema, and a refusal comes back beside the form.
 */
function MediaEditForm({ item, back, defaultLanguage, onClose }: EditProps & { item: MediaItem }) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state === 'submitting') submitted.current = true;
    if (fetcher.state === 'idle' && submitted.current) {
      submitted.current = false;
      if (fetcher.data?.result?.status !== 'error') onClose();
    }
  }, [fetcher.state, fetcher.data, onClose]);
  const [form, fields] = useSchemaForm(mediaEditSchema, {
    id: `media-edit-${item.id}`,
    lastResult: fetcher.data?.result,
    defaultValue: { id: item.id, title: item.title, description: item.description, alt: item.alt, tags: item.tags.join(', ') },
  });
  const error = (field: { errors?: string[] }) => field.errors?.[0];

  return (
    <fetcher.Form method="post" action="/admin/media" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="update" />
      <input {...getInputProps(fields.id, { type: 'hidden' })} />
      <input type="hidden" name="back" value={back} />
      <div className="flex gap-4">
        <span className="size-20 shrink-0 overflow-hidden rounded border border-gray-200">
          <MediaThumbnail item={item} />
        </span>
        <dl className="min-w-0 text-xs text-gray-600">
          <dt className="sr-only">File</dt>
          <dd className="truncate font-medium text-gray-800">{item.originalName}</dd>
          <dt className="sr-only">Details</dt>
          <dd>
            {KIND_LABELS[item.type]} · {formatFileSize(item.fileSize)}
            {item.dimensions ? ` · ${item.dimensions.width} × ${item.dimensions.height}` : ''}
          </dd>
          <dt className="sr-only">Address</dt>
          <dd className="truncate">
            <a href={item.url} target="_blank" rel="noreferrer" className="text-blue-700 underline">
              {item.url}
            </a>
          </dd>
        </dl>
      </div>
      <Field id={fields.title.id} label="Title" error={error(fields.title)}>
        <input {...getInputProps(fields.title, { type: 'text' })} className={inputClass} />
      </Field>
      <Field id={fields.description.id} label="Description" error={error(fields.description)}>
        <textarea {...getTextareaProps(fields.description)} rows={3} className={inputClass} />
      </Field>
      <Field id={fields.alt.id} label="Alt Text" error={error(fields.alt)}>
        <input {...getInputProps(fields.alt, { type: 'text' })} className={inputClass} />
      </Field>
      {otherLanguages(defaultLanguage).map(({ code, label }) => (
        <fieldset key={code} className="space-y-3 rounded-md border border-gray-200 p-3">
          <legend className="px-1 text-sm font-medium text-gray-800">In {label}</legend>
          <Field
            id={`media-alt-${code}`}
            label={`Alt Text (${label})`}
            hint="Left empty, the alt text above is used."
            error={form.allErrors[`translations.${code}.alt`]?.[0]}
          >
            <input
              id={`media-alt-${code}`}
              aria-describedby={`media-alt-${code}-hint`}
              name={`translations.${code}.alt`}
              type="text"
              maxLength={500}
              defaultValue={item.translations[code]?.alt ?? ''}
              className={inputClass}
            />
          </Field>
          <Field
            id={`media-description-${code}`}
            label={`Description (${label})`}
            hint="Left empty, the description above is used."
            error={form.allErrors[`translations.${code}.description`]?.[0]}
          >
            <textarea
              id={`media-description-${code}`}
              aria-describedby={`media-description-${code}-hint`}
              name={`translations.${code}.description`}
              rows={2}
              maxLength={2000}
              defaultValue={item.translations[code]?.description ?? ''}
              className={inputClass}
            />
          </Field>
        </fieldset>
      ))}
      <Field id={fields.tags.id} label="Tags (comma separated)" error={error(fields.tags)}>
        <input {...getInputProps(fields.tags, { type: 'text' })} className={inputClass} />
      </Field>
      <FormAlert errors={form.errors} conflict={false} />
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancel
        </button>
        <button type="submit" disabled={fetcher.state !== 'idle'} className={primaryButton}>
          Save Changes
        </button>
      </div>
    </fetcher.Form>
  );
}
