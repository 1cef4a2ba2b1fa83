import { useEffect } from 'react';
import { Form, useRevalidator } from 'react-router';

import { inputClass, primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card } from '#app/components/ui/field.tsx';
import { useDatePrefs } from '#app/components/use-date-prefs.ts';
import { formatDate } from '#app/lib/format-date.ts';
import { IMPORT_TYPES } from '#app/lib/import-report.ts';
import type { ImportRunView } from '#app/services/import/import-runs.server.ts';

const STATUS_TEXT: Record<ImportRunView['status'], string> = {
  queued: 'Waiting to start…',
  running: 'Running…',
  done: 'Done',
  failed: 'Failed',
};

function RunReport({ run }: { run: ImportRunView }) {
  const { report } = run;
  if (!report) return null;
  const problems = IMPORT_TYPES.flatMap((type) => report.types[type].problems.map((problem) => ({ type, ...problem })));
  return (
    <div className="space-y-3">
      <table className="w-full text-left text-sm" aria-label={`Report of ${run.fileName}`}>
        <thead>
          <tr className="border-b border-gray-200 text-gray-600">
            <th className="py-1 font-medium">Type</th>
            <th className="py-1 text-right font-medium">Found</th>
            <th className="py-1 text-right font-medium">{run.dryRun ? 'Would import' : 'Imported'}</th>
            <th className="py-1 text-right font-medium">Skipped</th>
            <th className="py-1 text-right font-medium">Failed</th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_TYPES.filter((type) => type !== 'other' || report.types.other.found).map((type) => (
            <tr key={type} className="border-b border-gray-100">
              <th scope="row" className="py-1 font-normal capitalize">
                {type}
              </th>
              <td className="py-1 text-right">{report.types[type].found}</td>
              <td className="py-1 text-right">{report.types[type].imported}</td>
              <td className="py-1 text-right">{report.types[type].skipped}</td>
              <td className="py-1 text-right">{report.types[type].failed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {problems.length ? (
        <details>
          <summary className="cursor-pointer text-sm text-gray-700">Skipped and failed ({problems.length})</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-gray-700">
            {problems.map((problem, index) => (
              <li key={index}>
                <strong>{problem.outcome}</strong> {problem.item}: {problem.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.notes.length ? (
        <details>
          <summary className="cursor-pointer text-sm text-gray-700">Converted with care ({report.notes.length})</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-gray-700">
            {report.notes.map((note, index) => (
              <li key={index}>{note}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/**
 * Settings → Import (administrators): upload a WordPress export for a dry run or an import, run as a job; each run's
 * per-type report below, refreshed while one is in progress. A plain multipart form: it works before the script loads.
 */
export function ImportSettingsPanel({ runs }: { runs: ImportRunView[] }) {
  const datePrefs = useDatePrefs();
  const revalidator = useRevalidator();
  const busy = runs.some((run) => run.status === 'queued' || run.status === 'running');
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [busy, revalidator]);
  return (
    <div className="space-y-6">
      <form method="post" action="/admin/settings/import" encType="multipart/form-data" aria-label="Import from WordPress">
        <Card title="Import from WordPress">
          <p className="text-sm text-gray-600">
            Upload the file WordPress makes in Tools → Export (All content). Posts, pages, categories, tags, comments and media come across;
            authors become pending users; each old address answers with a 301 to its new one. Media are downloaded from the old site while
            it is online. Importing the same file again skips what is already here. For an uploads folder on this server, use{' '}
            <code>npm run import:wordpress</code>.
          </p>
          <label htmlFor="import-file" className="block text-sm font-medium text-gray-700">
            WordPress export file
          </label>
          <input id="import-file" name="file" type="file" accept=".xml,application/xml,text/xml" required className={inputClass} />
          <label className="flex items-center gap-2 text-sm text-gray-700">
            <input type="checkbox" name="dryRun" defaultChecked />
            Dry run: check the file and show what would be imported, without writing anything
          </label>
          <button type="submit" className={primaryButton}>
            Upload and start
          </button>
        </Card>
      </form>
      <Card title="Imports">
        {runs.length ? (
          <ol className="space-y-6">
            {runs.map((run) => (
              <li
                key={run.id}
                className="space-y-2 border-b border-gray-100 pb-4"
                aria-label={`${run.dryRun ? 'Dry run' : 'Import'} of ${run.fileName}`}
              >
                <p className="text-sm">
                  <strong>{run.dryRun ? 'Dry run' : 'Import'}</strong> of <span className="font-mono text-xs">{run.fileName}</span>,{' '}
                  <time dateTime={run.createdAt}>{formatDate(run.createdAt, 'en', datePrefs, { time: true })}</time>:{' '}
                  <span role="status">{STATUS_TEXT[run.status]}</span>
                </p>
                {run.error ? <p className="text-sm text-red-700">{run.error}</p> : null}
                <RunReport run={run} />
                {run.canImport ? (
                  <Form method="post" action="/admin/settings/import">
                    <input type="hidden" name="intent" value="import" />
                    <input type="hidden" name="runId" value={run.id} />
                    <button type="submit" className={secondaryButton}>
                      Import this file
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-gray-600">No import yet.</p>
        )}
      </Card>
    </div>
  );
}
