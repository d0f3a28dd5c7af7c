import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The builds suite (npm run test:builds): each file builds a copy of the project in a temporary
// folder, as an editor or an operator would change and build it. Apart from the unit tests, as
// builds take seconds each; one file at a time, as the machine's cores are few.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/builds/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
