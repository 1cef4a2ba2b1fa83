import { type FormEvent, useRef } from 'react';

import { slugify } from '#app/lib/slug.ts';

/**
 * For a new item, the slug follows the title as it is typed, until the user edits the slug
 * themself. Returns the handlers and the ref for the slug input.
 */
export function useSlugFromTitle(enabled: boolean) {
  const slugRef = useRef<HTMLInputElement>(null);
  const touched = useRef(!enabled);
  return {
    slugRef,
    onTitleInput(event: FormEvent<HTMLInputElement>) {
      const slug = slugRef.current;
      if (touched.current || !slug) return;
      slug.value = slugify(event.currentTarget.value);
    },
    onSlugInput() {
      touched.current = true;
    },
  };
}
