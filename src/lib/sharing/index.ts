/**
 * The sharing area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export {
  ChannelType,
  FORWARD_TEXT_MAX,
  POSTER_NO,
  POSTER_SHARE_TEXT,
  ShareType,
} from './channels.ts';
export { SharingContracts } from './contracts.ts';
export * as SharingEndpoints from './endpoints.ts';
export type { ForwardTextView, ShareInfo } from './contracts.ts';
export { SharingErrors } from './errors.ts';
export { checkForwardText, isPosterKind } from './rules.ts';
