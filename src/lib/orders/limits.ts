/** The order area's limits, shared by its contracts and its islands without loading zod. */

/** Orders per page of the order list (the unpaid-order guide reads 10: shell §9). */
export const ORDER_PAGE_SIZE = 10;
/** The longest remark a shopper may leave on an order. */
export const MAX_REMARK_LENGTH = 100;
/** How many different SKUs one checkout may hold. */
export const MAX_CHECKOUT_LINES = 50;
