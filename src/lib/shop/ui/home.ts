/** The home page's paging, shared by its read and its screen. */

/** Running sales per page of the home list (加载更多 appends the next). */
export const SALES_PAGE_SIZE = 6;
