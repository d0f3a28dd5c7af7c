import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate only while the visitor's cookie choice is pending (src/integrations/consent.ts). */
    'client:consent'?: boolean;
  }
}
