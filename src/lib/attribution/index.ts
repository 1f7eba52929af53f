/**
 * The attribution area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { ATTRIBUTION_DAYS, ATTRIBUTION_MS } from './attribution.ts';
