/**
 * The shop keeper's reports (shell §7 "Other shared helpers"): income orders and money, history
 * profit (shopBizCode, year), the monthly and settlement bills, the customers and their
 * contribution, and the shop member statistics and order list of 数据中心. Read-only; every call
 * is the caller's own in the shop of the query (role D there) and none takes a keeper id.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { MAX_ROW_ID } from '#lib/platform/ids.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type {
  IncomeLinePage,
  IncomeSummary,
  MonthIncome,
  MonthlyBill,
  SettlementRow,
} from './reports.server.ts';
import { FIRST_INCOME_YEAR, INCOME_STATES, MONTH_PATTERN } from './reports.ts';
import type { ContributionRanking, CustomerDetail, CustomerRow } from './customers.server.ts';
import {
  CONTRIBUTION_PERIODS,
  CONTRIBUTION_SORTS,
  CUSTOMER_ORDER_PAGE_SIZE,
  CUSTOMER_PAGE_SIZE,
  MAX_CUSTOMER_KEYWORD,
} from './customers.ts';
import type { ShopData, ShopDataOrder } from './shop-data.server.ts';
import { SHOP_DATA_PERIODS } from './shop-data.ts';

export type {
  ContributionRanking,
  CustomerDetail,
  CustomerRow,
  IncomeLinePage,
  IncomeSummary,
  MonthIncome,
  MonthlyBill,
  SettlementRow,
  ShopData,
  ShopDataOrder,
};

const paging = (size: number) => ({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(size),
});
const month = z.string().regex(MONTH_PATTERN, '请选择正确的月份');
const customerId = z.coerce
  .number({ error: '客户不存在' })
  .int('客户不存在')
  .min(1, '客户不存在')
  .max(MAX_ROW_ID, '客户不存在');
const D = { roles: ['D'] } as const;

export const DistributionReportContracts = {
  /** 我的收益: today, this month and in all, 待结算 and 已结算, and the balances. */
  incomeMoney: contract<IncomeSummary>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/income/money',
    query: { shopBizCode: shopIdSchema },
    access: D,
  }),
  /** 收益明细: the commission per order line, newest first, optionally of one state. */
  incomeOrders: contract<IncomeLinePage>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/income/orders',
    query: {
      shopBizCode: shopIdSchema,
      state: z.enum(INCOME_STATES).optional(),
      ...paging(20),
    },
    access: D,
  }),
  /** 历史收益: a year month by month. */
  historyProfit: contract<{
    year: number;
    incomeCents: number;
    settledCents: number;
    months: MonthIncome[];
  }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/historyProfit',
    query: {
      shopBizCode: shopIdSchema,
      year: z.coerce.number().int().min(FIRST_INCOME_YEAR).max(2100),
    },
    access: D,
  }),
  /** 月度账单: a month's figures (this month when none is given). */
  monthlyBill: contract<MonthlyBill>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/bill/monthly',
    query: { shopBizCode: shopIdSchema, month: month.optional() },
    access: D,
  }),
  /** 结算账单: a month's settlements and claw-backs. */
  settlementBill: contract<{
    list: SettlementRow[];
    total: number;
    pageNum: number;
    pageSize: number;
  }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/bill/settlement',
    query: { shopBizCode: shopIdSchema, month, ...paging(20) },
    access: D,
  }),
  /** 账单查询: the last twelve months. */
  billMonths: contract<{ list: (MonthIncome & { withdrawnCents: number })[] }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/bill/months',
    query: { shopBizCode: shopIdSchema },
    access: D,
  }),
  /** 我的客户. */
  customers: contract<{ list: CustomerRow[]; total: number; pageNum: number; pageSize: number }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/customers',
    query: {
      shopBizCode: shopIdSchema,
      keyword: z.string().trim().max(MAX_CUSTOMER_KEYWORD).default(''),
      ...paging(CUSTOMER_PAGE_SIZE),
    },
    access: D,
  }),
  /** The contribution customer order call: one customer's orders through the keeper. */
  customerOrders: contract<CustomerDetail>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/customers/{customerId}',
    params: { customerId },
    query: { shopBizCode: shopIdSchema, ...paging(CUSTOMER_ORDER_PAGE_SIZE) },
    access: D,
  }),
  /** 客户贡献排行. */
  contribution: contract<ContributionRanking>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/contribution',
    query: {
      shopBizCode: shopIdSchema,
      period: z.enum(CONTRIBUTION_PERIODS).default('30'),
      sort: z.enum(CONTRIBUTION_SORTS).default('paid'),
    },
    access: D,
  }),
  /** Shop member statistics (数据中心): the period day by day. */
  shopStatistics: contract<ShopData>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/shopData/statistics',
    query: { shopBizCode: shopIdSchema, period: z.enum(SHOP_DATA_PERIODS).default('7') },
    access: D,
  }),
  /** The shop's order list (数据中心): the latest orders paid through the keeper. */
  shopOrders: contract<{ list: ShopDataOrder[] }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/shopData/orders',
    query: { shopBizCode: shopIdSchema, period: z.enum(SHOP_DATA_PERIODS).default('7') },
    access: D,
  }),
};
