import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

import { primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';

/** The heading block every admin screen starts with. */
export function AdminPage(props: { title: string; subtitle?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <div data-page-header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{props.title}</h1>
          {props.subtitle ? <p className="mt-1 text-sm text-gray-600">{props.subtitle}</p> : null}
        </div>
        {props.actions ? <div className="flex flex-wrap gap-2">{props.actions}</div> : null}
      </div>
      {props.children}
    </div>
  );
}

/** A button-styled link in a screen's heading (Add User, Back to Themes, Navigation Menu…). */
export function PageLink(props: {
  to: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  primary?: boolean;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <Link to={props.to} className={props.primary ? primaryButton : secondaryButton}>
      {Icon ? <Icon className="size-4" aria-hidden /> : null}
      {props.children}
    </Link>
  );
}
