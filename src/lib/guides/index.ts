/**
 * The guides area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { GuideContracts } from './contracts.ts';
export * as GuideEndpoints from './endpoints.ts';
export type { GuidePage, GuideTag } from './tags.ts';
export { pageGuideTexts } from './tags.ts';
