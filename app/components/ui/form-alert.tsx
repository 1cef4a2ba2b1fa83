import { Link, useLocation } from 'react-router';

/** The form-level messages: a save refused because someone else saved first gets a way to reload. */
export function FormAlert({ errors, conflict }: { errors: string[] | undefined; conflict: boolean }) {
  const location = useLocation();
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
      {conflict ? (
        <p className="mt-2">
          <Link to={location.pathname + location.search} replace className="font-semibold underline">
            Reload the latest version
          </Link>{' '}
          (your changes here will be discarded; copy anything you want to keep first).
        </p>
      ) : null}
    </div>
  );
}
