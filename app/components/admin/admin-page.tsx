import type { ReactNode } from 'react';

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
