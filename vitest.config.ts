import { defineConfig } from 'vitest/config';

/**
 * Every vitest suite, one project each. `npm test` and the npm scripts run one project at a time
 * (`vitest run --project unit`, `npm run test:variants`, …), at its own point of the run: a bare
 * `vitest run` would run them all at once, builds and browsers beside the unit tests.
 */
export default defineConfig({
  test: {
    projects: [
      // `npm run test:unit`: no build, no server; files in parallel.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        // `npm run test:variants`: each file builds the whole site, twice, in temporary folders.
        test: {
          name: 'variants',
          include: ['tests/variants/**/*.test.ts'],
          hookTimeout: 180_000,
          // Reading every page of a build with linkedom takes seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        // `npm run test:builds`: each file builds a copy of the project as an editor or an
        // operator would change and build it, in its own folder (node_modules linked, as the
        // variants' builds do side by side). Two files at a time: a build keeps about one core
        // busy, and the publish and editor-edits files (about two minutes each) overlap.
        test: {
          name: 'builds',
          include: ['tests/builds/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      {
        // `npm run test:browsers`: real Firefox and WebKit, one browser at a time, against the
        // e2e build (tests/browsers). A browser starts in seconds and a path takes a few; a busy
        // machine may take many times that.
        test: {
          name: 'browsers',
          include: ['tests/browsers/**/*.test.ts'],
          globalSetup: ['tests/browsers/site-server.ts'],
          fileParallelism: false,
          hookTimeout: 120_000,
          testTimeout: 180_000,
        },
      },
      {
        // `npm run test:faults`: the built server under faults (tests/faults).
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
