import type { ComponentProps, ComponentType } from 'react';

/** A button showing only an icon: `label` names it for screen readers, `title` for a pointer's tooltip. */
export function IconButton({
  icon: Icon,
  label,
  ...button
}: { icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; label: string } & ComponentProps<'button'>) {
  return (
    <button type="button" aria-label={label} {...button}>
      <Icon className="size-4" aria-hidden />
    </button>
  );
}
