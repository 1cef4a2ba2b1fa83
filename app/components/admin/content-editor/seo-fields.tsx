import { type FieldMetadata, getInputProps, getTextareaProps } from '@conform-to/react';

import { inputClass } from '#app/components/ui/buttons.ts';
import { Field } from '#app/components/ui/field.tsx';

/** Meta Description and Meta Keywords: the SEO fields pages and posts both have, in the SEO card. */
export function MetaDescriptionAndKeywords({
  description,
  keywords,
}: {
  description: FieldMetadata<string>;
  keywords: FieldMetadata<string>;
}) {
  return (
    <>
      <Field id={description.id} label="Meta Description" error={description.errors?.[0]}>
        <textarea {...getTextareaProps(description)} rows={3} className={inputClass} />
      </Field>
      <Field id={keywords.id} label="Meta Keywords" error={keywords.errors?.[0]}>
        <input {...getInputProps(keywords, { type: 'text' })} placeholder="keyword1, keyword2, keyword3" className={inputClass} />
      </Field>
    </>
  );
}
