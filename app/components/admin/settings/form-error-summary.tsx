/** Says, at the top of a settings form, that the save was refused and nothing was changed. */
export function FormErrorSummary({ errors }: { errors: Record<string, string> }) {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {errors.form ?? `Nothing was saved: please correct the ${count === 1 ? 'field' : `${count} fields`} below.`}
    </div>
  );
}
