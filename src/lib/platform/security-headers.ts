/**
 * Headers every answer carries, pages, API and files alike. Pages add their
 * Content-Security-Policy (astro.config.mjs `security.csp`), which also forbids framing.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  // A file is what its content type says, never sniffed into a script or a page.
  ['x-content-type-options', 'nosniff'],
  // Other sites learn at most the shop's origin, never a page's query (distributor, order ids).
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  // For browsers without CSP frame-ancestors: the shop is never shown inside another site.
  ['x-frame-options', 'DENY'],
];
