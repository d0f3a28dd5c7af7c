import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The configuration variants (npm run test:variants): apart from the unit tests, as each file
// builds the whole site, twice.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/variants/**/*.test.ts'],
    hookTimeout: 180_000,
    // Reading every page of a build with linkedom takes seconds on a busy machine.
    testTimeout: 30_000,
  },
});
