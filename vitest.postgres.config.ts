import { defineConfig } from 'vitest/config';
import { tmpdirInMemory } from './tests/support/memory-tmpdir.js';

tmpdirInMemory();

// The suites that must hold on both engines (issue 14), run again against PostgreSQL: one cluster
// for the run (tests/support/postgres-global-setup.ts), a fresh database per test shop.
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/reliability/**/*.test.ts'],
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    env: { SHOP_TEST_ENGINE: 'postgres' },
    // Tests that start the built server (twice, with the demo catalogue drawn) took 30 s on CI's two
    // cores beside the browser tests: the limit catches a hang, it is not a speed target.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at once (vitest's default on 2 cores is one): these tests mostly wait on PostgreSQL,
    // so the run takes ~130 s instead of ~230 s, and CI stays under its 20 minutes.
    maxWorkers: 2,
  },
});
