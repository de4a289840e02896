import { defineConfig } from 'vitest/config';
import { tmpdirInMemory } from './tests/support/memory-tmpdir.js';

tmpdirInMemory();

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/architecture/**/*.test.ts', 'tests/startup/**/*.test.ts', 'tests/image-store/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/reliability/**/*.test.ts', 'tests/performance/**/*.test.ts', 'tests/postgres/**/*.test.ts'],
    // Tests that start the built server (twice, with the demo catalogue drawn) took 30 s on CI's two
    // cores beside the browser tests: the limit catches a hang, it is not a speed target.
    testTimeout: 90_000,
    pool: 'forks',
  },
});
