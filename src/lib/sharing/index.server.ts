/**
 * The sharing area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export { renderPoster } from './poster.server.ts';
export {
  confirmShare,
  forcastShareInfo,
  listForwardTexts,
  posterTopBrands,
  resolveShareCode,
  saveForwardText,
  shareInfo,
  shopQrCode,
} from './share.server.ts';
export { shareRequest, shareViewer } from './viewer.server.ts';
