// npm run test:reliability — the crash test in full: RELIABILITY_KILLS (25) SIGKILLs at random moments per database
// (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then the counts; fails on any lost acknowledged write, lost
// update or half-stored upload. Needs a build (npm run build).
import { type CrashReport, runCrashTest } from './crash-harness.ts';

const kills = Number(process.env.RELIABILITY_KILLS ?? 25);
const dialects: ('sqlite' | 'postgres')[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];
const reports: CrashReport[] = [];
let failed = false;
for (const dialect of dialects) {
  console.log(`\n${dialect}: ${kills} kill points`);
  const report = await runCrashTest({ dialect, killPoints: kills, log: (line) => console.log(`  ${line}`) });
  reports.push(report);
  const bad = report.lost.length > 0 || report.pairs.lostUpdates > 0 || report.orphanFiles > 0 || report.killPoints < Math.min(kills, 20);
  failed ||= bad;
  console.log(JSON.stringify(report, null, 2));
}
console.log(
  '\n| database | kill points | acknowledged posts / messages / uploads / edits | unanswered at a kill | lost | editor pairs | one won, one refused | lost updates | orphan files | seconds |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of reports) {
  const a = r.acknowledged;
  console.log(
    `| ${r.dialect} | ${r.killPoints} | ${a.posts} / ${a.messages} / ${a.uploads} / ${a.edits} | ${r.unanswered} | ${r.lost.length} | ${r.pairs.total} | ${r.pairs.oneWonOneRefused} | ${r.pairs.lostUpdates} | ${r.orphanFiles} | ${r.seconds} |`,
  );
}
if (failed) {
  console.error('\nFAIL: an acknowledged write was lost, an update was lost or an upload was left half-stored.');
  process.exit(1);
}
console.log('\nPASS: every acknowledged write survived, no lost update, no half-stored upload.');
