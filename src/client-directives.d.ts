/** The client directives of our own (astro.config.mjs). A module, so this adds to Astro's types. */
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the shopper first reaches for the island (decision 053). */
    'client:reach'?: boolean;
  }
}
