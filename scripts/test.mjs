// `npm test`: everything, in order: typecheck, lint, dependency rules, build, unit + property +
// API tests (vitest), the API, security and reliability suites again on PostgreSQL (issue 14),
// browser tests (Playwright, against the build). Every step runs even when
// an earlier one failed (but the browser tests need the build), then a summary is printed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

const steps = [
  { name: 'typecheck', cmd: 'npm run typecheck' },
  { name: 'lint', cmd: 'npm run lint' },
  { name: 'dependency rules', cmd: 'npm run lint:deps' },
  { name: 'build', cmd: 'npm run build' },
  {
    name: 'unit, property and API tests',
    cmd: 'npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest-results.json',
  },
  {
    name: 'API, security and reliability suites on PostgreSQL',
    cmd: 'npx vitest run --config vitest.postgres.config.ts --reporter=default --reporter=json --outputFile.json=test-results/vitest-postgres-results.json',
  },
  { name: 'browser tests', cmd: 'npx playwright test', needs: 'build' },
];

const results = [];
for (const step of steps) {
  const needed = step.needs && results.find((r) => r.name === step.needs);
  if (needed && !needed.ok) {
    results.push({ name: step.name, ok: false, seconds: 0, note: `skipped: ${step.needs} failed` });
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.cmd}`);
  const started = Date.now();
  const run = spawnSync(step.cmd, { stdio: 'inherit', shell: true });
  results.push({ name: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const vitestRuns = ['test-results/vitest-results.json', 'test-results/vitest-postgres-results.json'].map(readJson);
const e2e = readJson('test-results/e2e-results.json');
const sum = (key) => vitestRuns.reduce((n, run) => n + (run?.[key] ?? 0), 0);
const passed = sum('numPassedTests') + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = sum('numFailedTests') + (e2e?.stats?.unexpected ?? 0);
const skipped = sum('numPendingTests') + sum('numTodoTests') + (e2e?.stats?.skipped ?? 0);

console.log('\n=== summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(52)} ${r.note ?? `${r.seconds.toFixed(1)} s`}`);
}
if (e2e?.stats?.flaky) console.log(`(${e2e.stats.flaky} browser test(s) passed only on retry)`);
const allOk = results.every((r) => r.ok);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk && failed === 0 ? 0 : 1);
