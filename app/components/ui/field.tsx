import type { ReactNode } from 'react';

/** A labelled form control with its hint and its error, linked for screen readers (ids `${id}-hint`, `${id}-error`). */
export function Field(props: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={props.className}>
      <label id={`${props.id}-label`} htmlFor={props.id} className="mb-1 block text-sm font-medium text-gray-800">
        {props.label}
      </label>
      {props.children}
      {props.hint ? (
        <p id={`${props.id}-description`} className="mt-1 text-xs text-gray-600">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes a control inside <Field> needs. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  const describedBy = [hasHint ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

export function Card(props: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6 ${props.className ?? ''}`}>
      {props.title ? <h2 className="mb-4 text-base font-semibold text-gray-900">{props.title}</h2> : null}
      <div className="space-y-4">{props.children}</div>
    </section>
  );
}
