import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Real Firefox and WebKit (npm run test:browsers), one browser at a time: see tests/browsers.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/browsers/**/*.test.ts'],
    globalSetup: ['tests/browsers/site-server.ts'],
    fileParallelism: false,
    // A browser starts in seconds and a path takes a few; a busy machine may take many times that.
    hookTimeout: 120_000,
    testTimeout: 180_000,
  },
});
