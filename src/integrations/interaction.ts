/**
 * Registers `client:interaction` (src/components/islands/interaction-directive.ts), and shapes what
 * an island loads when it wakes, so that it comes in one round trip:
 * - after the client build, every chunk each chunk imports is recorded; the pages then name them
 *   on their islands, and the directive asks for an island's whole graph at once
 *   (src/lib/island-chunks.ts);
 * - React, its JSX runtime and React DOM are one chunk instead of three: every script that uses
 *   one of them uses the others, and over HTTP/1.1 a browser opens six connections to a host, so
 *   each request beyond six waits for one of the first to finish.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { chunkGraph, publishChunkGraph } from '../lib/island-chunks';

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
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              ],
            },
          },
        },
      },
    };
  },
  generateBundle(_options, bundle) {
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
        updateConfig({ vite: { plugins: [islandChunks] } });
      },
    },
  };
}
