import { defineConfig } from 'vitest/config';

/** The reliability suite (`npm run test:faults`): the built server under faults; see tests/faults. */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
