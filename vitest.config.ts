import { defineConfig } from 'vitest/config';
import { tmpdirInMemory } from './tests/support/memory-tmpdir.js';

tmpdirInMemory();

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/architecture/**/*.test.ts', 'tests/startup/**/*.test.ts', 'tests/image-store/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/reliability/**/*.test.ts', 'tests/performance/**/*.test.ts', 'tests/postgres/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
