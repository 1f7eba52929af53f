/**
 * The after-sales area's server door (docs/architecture.md "Doors"): what other areas ask of it
 * inside their own queries, whether an order has an after-sale open or a 仅退款 waiting.
 */
export { openAfterSaleOf, refundUnderReviewOf } from './open.server.ts';
