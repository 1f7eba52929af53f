/** 订单查询's query: a product name or an order number, and the page. */
import { pageNumber, text } from '#lib/platform/page-query.ts';

export const MAX_ORDER_KEYWORD = 40;

export const ORDER_SEARCH_QUERY = {
  keyword: text(MAX_ORDER_KEYWORD),
  page: pageNumber(10_000),
};
