import { type FieldMetadata, getInputProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';

/** The site's logo and name from the root loader, so a person signing in knows which site this is. */
function SiteBrand() {
  const brand = (useRouteLoaderData('root') as { brand?: { name: string; logo: string } } | undefined)?.brand;
  if (!brand) return null;
  return (
    <p className="mb-6 flex items-center justify-center gap-3 text-lg font-semibold text-gray-900">
      {brand.logo ? <img src={brand.logo} alt="" className="h-10 w-auto max-w-32 object-contain" /> : null}
      <span className="min-w-0 break-words">{brand.name}</span>
    </p>
  );
}

/** The signed-out pages' card (sign-in, two-factor, invitation, forgot and reset password): centred, under the site's logo and name. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-8">
      <div className="w-full max-w-sm">
        <SiteBrand />
        <div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-gray-200">{children}</div>
      </div>
    </main>
  );
}

export const authButton =
  'w-full rounded-md bg-blue-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60';

/** A form-level message (an error, or the answer a form was given). */
export function AuthAlert({ children, tone }: { children: ReactNode; tone: 'error' | 'info' }) {
  const look = tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-blue-50 text-blue-950';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`mt-4 rounded-md px-3 py-2 text-sm ${look}`}>
      {children}
    </p>
  );
}

/** A field of the signed-out pages, with Conform's ids and aria attributes. */
export function AuthField(props: {
  label: string;
  field: FieldMetadata<string>;
  type: 'email' | 'password';
  autoComplete: string;
  hint?: string;
}) {
  const { field } = props;
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-gray-800">
        {props.label}
      </label>
      <input
        {...getInputProps(field, { type: props.type, ariaDescribedBy: props.hint ? field.descriptionId : undefined })}
        autoComplete={props.autoComplete}
        className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none"
      />
      {props.hint ? (
        <p id={field.descriptionId} className="mt-1 text-xs text-gray-600">
          {props.hint}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
