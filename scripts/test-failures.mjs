// What failed in `npm test`, by name, from the vitest and Playwright JSON reports: printed last, so a CI
// log that keeps only its tail still says what to look at.

const firstLine = (text) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

/** One line per failed test (and per test file that failed before its tests ran), then the browser tests that failed or passed only on retry. */
export function listFailures(vitestRuns, e2e, cwd) {
  const failures = [];
  for (const run of vitestRuns) {
    for (const file of run?.testResults ?? []) {
      const name = file.name.replace(`${cwd}/`, '');
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push(`${name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (file.status === 'failed' && failedTests.length === 0) failures.push(`${name}: ${firstLine(file.message)}`);
    }
  }
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = t.results?.find((r) => r.error)?.error?.message;
        failures.push(`${t.status === 'flaky' ? '(flaky) ' : ''}${spec.file} > ${[...trail, spec.title].join(' > ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title].filter(Boolean));
  };
  for (const suite of e2e?.suites ?? []) walk(suite, []);
  return failures;
}
