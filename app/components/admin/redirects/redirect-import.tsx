import { Download, Upload } from 'lucide-react';
import { Form, useNavigation } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';

/** Import a CSV file of redirects (From, To, Status), or export them all in the same shape. */
export function RedirectImport(props: { error: string | undefined; maxRows: number }) {
  const navigation = useNavigation();
  const importing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'import';
  return (
    <Card title="Import and Export">
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="import" />
        <Field
          id="redirect-file"
          label="CSV file"
          error={props.error}
          hint={`Columns From, To and Status (301 or 302, 301 when empty); a header row is allowed. At most ${props.maxRows} rows; a row for a path that already has a redirect replaces it. One bad row and nothing is imported.`}
          className="min-w-0 flex-1"
        >
          <input {...fieldAria('redirect-file', props.error, true)} type="file" name="file" accept=".csv,text/csv" className={inputClass} />
        </Field>
        <button type="submit" className={secondaryButton} disabled={importing}>
          <Upload className="size-4" aria-hidden />
          {importing ? 'Importing…' : 'Import CSV'}
        </button>
        {/* A download, not a page: the browser saves it. */}
        <a href="/admin/settings/redirects.csv" className={secondaryButton} download>
          <Download className="size-4" aria-hidden />
          Export CSV
        </a>
      </Form>
    </Card>
  );
}
