import { describe, expect, it } from 'vitest';
import { listFailures } from '../../scripts/test-failures.mjs';

// `npm test` ends with the names of what failed, so a CI log cut to its tail still says what to look at.
describe('the list of failures npm test prints last', () => {
  it('names failed vitest tests, files that failed before their tests ran, and failed or flaky browser tests', () => {
    const vitest = {
      testResults: [
        {
          name: '/repo/tests/api/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'fine' },
            { status: 'failed', fullName: 'orders > refuses', failureMessages: ['\u001b[31mAssertionError: expected 409\u001b[39m\n    at x'] },
          ],
        },
        { name: '/repo/tests/api/b.test.ts', status: 'failed', message: 'Cannot find module x\nstack', assertionResults: [] },
        { name: '/repo/tests/api/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'ok' }] },
      ],
    };
    const e2e = {
      suites: [
        {
          title: 'cart.spec.ts',
          specs: [],
          suites: [
            {
              title: 'cart',
              specs: [
                { file: 'cart.spec.ts', title: 'adds', tests: [{ status: 'unexpected', results: [{ error: { message: 'Timed out 10000ms\nmore' } }] }] },
                { file: 'cart.spec.ts', title: 'removes', tests: [{ status: 'flaky', results: [{ error: { message: 'flake' } }, {}] }] },
                { file: 'cart.spec.ts', title: 'views', tests: [{ status: 'expected', results: [{}] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(listFailures([vitest, null], e2e, '/repo')).toEqual([
      'tests/api/a.test.ts > orders > refuses: AssertionError: expected 409',
      'tests/api/b.test.ts: Cannot find module x',
      'cart.spec.ts > cart > adds: Timed out 10000ms',
      '(flaky) cart.spec.ts > cart > removes: flake',
    ]);
  });

  it('is empty when everything passed', () => {
    expect(listFailures([{ testResults: [] }], { suites: [] }, '/repo')).toEqual([]);
  });
});
