import { ALREADY, IMPORT_TYPES, type ImportReport } from '#app/lib/import-report.ts';

/** The report as plain text: a table of counts per type, then why items were skipped or failed, then the notes. */
export function formatImportReport(report: ImportReport): string {
  const lines = [
    `${report.dryRun ? 'Dry run (nothing written) of the import' : 'Imported'} from ${report.title ? `“${report.title}” ` : ''}${report.site} in ${(report.milliseconds / 1000).toFixed(1)} s`,
    '',
    `${'type'.padEnd(12)}${'found'.padStart(8)}${(report.dryRun ? 'would import' : 'imported').padStart(14)}${'skipped'.padStart(9)}${'failed'.padStart(8)}`,
  ];
  for (const type of IMPORT_TYPES) {
    const row = report.types[type];
    if (type === 'other' && !row.found) continue;
    lines.push(
      `${type.padEnd(12)}${String(row.found).padStart(8)}${String(row.imported).padStart(14)}${String(row.skipped).padStart(9)}${String(row.failed).padStart(8)}`,
    );
  }
  for (const outcome of ['failed', 'skipped'] as const) {
    const problems = IMPORT_TYPES.flatMap((type) => report.types[type].problems.filter((problem) => problem.outcome === outcome));
    if (!problems.length) continue;
    lines.push('', `${outcome === 'failed' ? 'Failed' : 'Skipped'}:`);
    // What an earlier run imported is one line per type, however many.
    for (const type of IMPORT_TYPES) {
      const done = report.types[type].problems.filter((problem) => problem.outcome === outcome && problem.reason === ALREADY).length;
      if (done) lines.push(`  ${done} ${type}: ${ALREADY}`);
    }
    for (const problem of problems) if (problem.reason !== ALREADY) lines.push(`  ${problem.item}: ${problem.reason}`);
  }
  if (report.notes.length) lines.push('', 'Converted with care:', ...report.notes.map((note) => `  ${note}`));
  return lines.join('\n');
}
