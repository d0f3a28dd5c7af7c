import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key on the island (src/integrations/interaction.ts). */
    'client:interaction'?: boolean;
  }
}
