/**
 * The lottery area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export { drawLottery } from './draw.server.ts';
export { lotteryConfig } from './lottery.server.ts';
export { listLotteryRecords } from './records.server.ts';
