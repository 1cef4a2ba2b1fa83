// `npm test`: typecheck, lint, build, unit and integration tests, end-to-end tests.
// Every step runs even when an earlier one fails, so one run shows everything
// that is wrong; the exit code is non-zero when any step failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  // Built before Vitest: the process tests start the real server.
  ['build', 'npm', ['run', '--silent', 'build']],
  ['unit and integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json']],
  ['end-to-end', 'npx', ['playwright', 'test']],
];

rmSync('reports', { recursive: true, force: true });
const results = [];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000 });
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}
const vitest = readJson('reports/vitest.json');
const e2e = readJson('reports/e2e.json');
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

// The names of failed tests go last, so that the tail of a long CI log says what failed.
const failedNames = [
  ...(vitest?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`),
  ),
  ...collectFailedSpecs(e2e?.suites ?? []),
];

function collectFailedSpecs(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests?.some((test) => test.status === 'unexpected' || test.status === 'flaky'))
      .map((spec) => `${spec.file} › ${spec.title}`),
    ...collectFailedSpecs(suite.suites ?? []),
  ]);
}

console.log('\nSummary');
for (const result of results) console.log(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds.toFixed(1)} s)`);
for (const name of failedNames) console.log(`  failed: ${name}`);
const allOk = results.every((result) => result.ok) && failed === 0;
console.log(`tests: ${passed} passed, ${allOk ? failed : Math.max(failed, 1)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);
