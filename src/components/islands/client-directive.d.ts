import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the visitor's first interaction with the island (src/integrations/interaction.ts);
     * a string lists query names (and `#fragments`) that make it hydrate at once when the address
     * has one.
     */
    'client:interaction'?: boolean | string;
  }
}
