/**
 * Registers `client:interaction` (src/components/islands/interaction-directive.ts), and shapes what
 * an island loads when it wakes, so that it comes in one round trip (docs/performance.md, "A form
 * wakes in one round trip"):
 * - after the client build, every chunk each chunk imports is recorded; the pages then name them
 *   on their islands, and the directive asks for an island's whole graph at once
 *   (src/lib/island-chunks.ts);
 * - an island's scripts are six files at most (over HTTP/1.1 a browser opens six connections to a
 *   host, and each request beyond six waits for one of the first to finish): the client build's
 *   chunks are grouped by who loads them together (`islandGroups`), and React is imported as ES
 *   modules (`reactAsEsm`), so that the bundler's helpers for CommonJS end in React's chunk
 *   (`inlineRuntime`) instead of a file every island loads. */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { chunkGraph, inlineRuntime, publishChunkGraph } from '../lib/island-chunks';

/** A module of the client build, by its path (`[\\/]` for Windows' separators). */
const path = (...patterns: string[]) => new RegExp(patterns.join('|').replaceAll('/', '[\\\\/]'));

/**
 * The island's scripts in at most six files, so that over HTTP/1.1 (six connections to a host)
 * they all go in the first round trip: the component, the renderer and at most four chunks.
 * Each group holds code that its users load together anyway, so no island downloads much it does
 * not run (docs/performance.md, "A form wakes in one round trip"):
 * - `page`, the small modules the page scripts share with the islands (the stores' `atom`, the
 *   search's query names): a page script loads them at load, without React;
 * - `react`, React and the libraries only React code uses (uuid: the forms and the consent);
 * - `forms`, what two or more form islands share (the fields, the sending, the schemas);
 * - `search`, what the lesson search shares with the lesson request and the search summary.
 * Code that one island alone uses stays in the island's own file (`minShareCount`).
 */
const islandGroups = [
  {
    name: 'page',
    priority: 4,
    test: path('node_modules/nanostores/atom/', 'src/lessons/search-keys\\.ts'),
  },
  {
    name: 'react',
    priority: 3,
    test: path(
      'node_modules/(react|react-dom|scheduler|@nanostores/react|nanostores/(listen-keys|deep-map)|uuid)/',
      'pistelink-esm:',
    ),
  },
  {
    name: 'forms',
    priority: 2,
    minShareCount: 2,
    test: path(
      'src/components/forms/',
      'src/forms/',
      'src/stores/rental-pack\\.ts',
      'src/i18n/locales\\.ts',
      'node_modules/valibot/',
    ),
  },
  {
    name: 'search',
    priority: 1,
    minShareCount: 2,
    test: path(
      'src/components/search/',
      'src/lessons/',
      'src/lib/slug\\.ts',
      'src/i18n/format\\.ts',
      'src/stores/lesson-search\\.ts',
    ),
  },
];

/** React's CommonJS modules that the site's code and its libraries import. */
const reactModules = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];
const ESM = '\0pistelink-esm:';
const require = createRequire(import.meta.url);

/**
 * React as ES modules: each of its CommonJS modules is imported through a module that names its
 * exports. Importing a CommonJS module takes the bundler's interop helpers in the importer, which
 * then loads them from a file of their own (rolldown-runtime.js): one request more for every
 * island. Through these modules only the React chunk uses the helpers, and keeps them.
 */
const reactAsEsm: Plugin = {
  name: 'pistelink:react-as-esm',
  enforce: 'pre',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId(source, importer, options) {
    // React's own modules require one another: they stay CommonJS among themselves.
    if (!reactModules.includes(source) || importer?.startsWith(ESM)) return null;
    if ((options as { kind?: string }).kind === 'require-call') return null;
    return ESM + source;
  },
  load(id) {
    if (!id.startsWith(ESM)) return null;
    const source = id.slice(ESM.length);
    const names = Object.keys(require(source) as object).filter(
      (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
    );
    // One declaration per export, so that the bundler drops the ones no island imports.
    return [
      `import module from ${JSON.stringify(source)};`,
      'export default module;',
      ...names.map((name) => `export const ${name} = /* @__PURE__ */ (() => module.${name})();`),
    ].join('\n');
  },
};

const islandChunks: Plugin = {
  name: 'pistelink:island-chunks',
  applyToEnvironment: (environment) => environment.name === 'client',
  configEnvironment(name) {
    if (name !== 'client') return;
    return {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // A module goes to the first group (highest priority) that takes it; the
              // groups take a module's imports with it, unless a group before took them.
              groups: islandGroups,
            },
          },
        },
      },
    };
  },
  generateBundle(_options, bundle) {
    inlineRuntime(bundle);
    publishChunkGraph(
      chunkGraph(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []))),
    );
  },
};

export function interactionDirective(): AstroIntegration {
  const entrypoint = fileURLToPath(
    new URL('../components/islands/interaction-directive.ts', import.meta.url),
  );
  return {
    name: 'interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective, updateConfig }) => {
        addClientDirective({ name: 'interaction', entrypoint });
        updateConfig({ vite: { plugins: [reactAsEsm, islandChunks] } });
      },
    },
  };
}
