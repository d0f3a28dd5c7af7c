/** Registers `client:interaction` (src/components/islands/interaction-directive.ts). */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function interactionDirective(): AstroIntegration {
  const entrypoint = fileURLToPath(
    new URL('../components/islands/interaction-directive.ts', import.meta.url),
  );
  return {
    name: 'interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint });
      },
    },
  };
}
