/**
 * The lottery area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { drawLottery } from './actions.ts';
export { LOTTERY_RECORDS_PAGE_SIZE, LotteryContracts } from './contracts.ts';
export * as LotteryEndpoints from './endpoints.ts';
export type { DrawResult, PrizeView } from './contracts.ts';
export { LotteryErrors } from './errors.ts';
export {
  CENTRE,
  FAST_STEP_MS,
  RING,
  RING_SIZE,
  cellsOf,
  ringPrizes,
  stepsTo,
  stopStepDelay,
} from './grid.ts';
