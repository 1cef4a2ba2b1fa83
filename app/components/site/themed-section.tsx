import type { ReactNode } from 'react';

import type { SectionName } from '#app/lib/theme/model.ts';

/**
 * A section of the public site as the theme shapes it: the element its section settings and CSS
 * are scoped to (`data-section`), with the section's custom classes; its markup is the theme's HTML
 * when set (rendered from a template and sanitized on the server), else the built-in section.
 */
export function ThemedSection({
  name,
  className,
  html,
  children,
}: {
  name: SectionName;
  className?: string;
  html?: string;
  children: ReactNode;
}) {
  const themed = html !== undefined;
  return (
    <div data-section={name} className={className || undefined} dangerouslySetInnerHTML={themed ? { __html: html } : undefined}>
      {themed ? undefined : children}
    </div>
  );
}
