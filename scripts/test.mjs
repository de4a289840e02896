// `npm test`: everything: typecheck, lint, dependency rules, build, unit + property + API tests
// (vitest), the API, security and reliability suites again on PostgreSQL (issue 14), browser tests
// (Playwright, against the build). Every step runs even when an earlier one failed (but the browser
// tests need the build), then a summary is printed.
//
// Two lanes run side by side (decision 039): the build, the browser tests (which wait on the
// browser and the shops more than they compute), then the PostgreSQL run; and the checks then the
// SQLite vitest run (after the build: some tests start the built server). On 2 cores this takes the
// time of the longer lane instead of the sum of all steps. The PostgreSQL run sits behind the
// browser tests because the lanes were 32 and 23 minutes with it behind the SQLite run on CI
// (typecheck 91 s, lint 138 s, SQLite 1,324 s, PostgreSQL 371 s; build 34 s, browser 1,344 s). The browser tests print as they go; every other step's output
// is kept and printed in one block when it ends, so no two steps' lines mix.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { listFailures } from './test-failures.mjs';

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

const steps = [
  { name: 'typecheck', cmd: 'npm run typecheck', lane: 'checks' },
  { name: 'lint', cmd: 'npm run lint', lane: 'checks' },
  { name: 'dependency rules', cmd: 'npm run lint:deps', lane: 'checks' },
  { name: 'build', cmd: 'npm run build', lane: 'browser' },
  {
    name: 'unit, property and API tests',
    cmd: 'npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest-results.json',
    lane: 'checks',
    after: 'build',
  },
  { name: 'browser tests', cmd: 'npx playwright test', lane: 'browser', needs: 'build', live: true },
  {
    name: 'API, security and reliability suites on PostgreSQL',
    cmd: 'npx vitest run --config vitest.postgres.config.ts --reporter=default --reporter=json --outputFile.json=test-results/vitest-postgres-results.json',
    lane: 'browser',
    after: 'build',
  },
];

// Output piped through here keeps its colours when npm test itself writes to a terminal.
const env = { ...process.env, ...(process.stdout.isTTY && !('FORCE_COLOR' in process.env) ? { FORCE_COLOR: '1' } : {}) };
const began = Date.now();
const clock = () => `${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s`;
const results = new Map();
const finished = new Map(
  steps.map((step) => {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return [step.name, { promise, resolve }];
  }),
);

/** Runs one step: live steps pass their lines through as they come, the others print them when done. */
function run(step) {
  console.log(`\n=== ${clock()} start ${step.name}: ${step.cmd}`);
  const started = Date.now();
  const child = spawn(step.cmd, { shell: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const kept = [];
  let partial = '';
  const take = (chunk) => {
    if (!step.live) return void kept.push(chunk);
    const text = partial + chunk.toString();
    const end = text.lastIndexOf('\n') + 1;
    partial = text.slice(end);
    if (end > 0) process.stdout.write(text.slice(0, end));
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      const output = step.live ? '' : Buffer.concat(kept).toString();
      process.stdout.write(
        (partial ? `${partial}\n` : '') +
          `\n=== ${clock()} ${ok ? 'done' : 'FAILED'} ${step.name} (${seconds.toFixed(1)} s${signal ? `, ${signal}` : ''})` +
          (step.live ? '\n' : `; its output:\n`) +
          (output && !output.endsWith('\n') ? `${output}\n` : output),
      );
      resolve({ name: step.name, ok, seconds });
    });
  });
}

async function lane(name) {
  for (const step of steps.filter((s) => s.lane === name)) {
    const waits = [step.after, step.needs].filter(Boolean);
    const before = await Promise.all(waits.map((w) => finished.get(w).promise));
    const failedNeed = step.needs && !before[waits.indexOf(step.needs)].ok;
    const result = failedNeed ? { name: step.name, ok: false, seconds: 0, note: `skipped: ${step.needs} failed` } : await run(step);
    results.set(step.name, result);
    finished.get(step.name).resolve(result);
  }
}
await Promise.all([...new Set(steps.map((s) => s.lane))].map(lane));

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const vitestRuns = ['test-results/vitest-results.json', 'test-results/vitest-postgres-results.json'].map(readJson);
const e2e = readJson('test-results/e2e-results.json');
const sum = (key) => vitestRuns.reduce((n, run) => n + (run?.[key] ?? 0), 0);
const passed = sum('numPassedTests') + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = sum('numFailedTests') + (e2e?.stats?.unexpected ?? 0);
const skipped = sum('numPendingTests') + sum('numTodoTests') + (e2e?.stats?.skipped ?? 0);

console.log('\n=== summary (steps of a lane one after another, the two lanes side by side)');
for (const r of steps.map((s) => results.get(s.name))) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(52)} ${r.note ?? `${r.seconds.toFixed(1)} s`}`);
}
console.log(`${'      in all'.padEnd(58)} ${((Date.now() - began) / 1000).toFixed(1)} s`);
if (e2e?.stats?.flaky) console.log(`(${e2e.stats.flaky} browser test(s) passed only on retry)`);
const failures = listFailures(vitestRuns, e2e, process.cwd());
if (failures.length > 0) console.log(`\n=== what failed (or passed only on retry)\n${failures.join('\n')}`);
const allOk = [...results.values()].every((r) => r.ok);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk && failed === 0 ? 0 : 1);
