/** The reads of the keeper's report pages (我的收益, 数据中心, 结算账单): one call a page. */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  listIncomeLines,
  listSettlements,
  readIncome,
  readMonthlyBill,
} from '../reports.server.ts';
import { listShopDataOrders, readShopData } from '../shop-data.server.ts';
import type { ShopDataPeriod } from '../shop-data.ts';

interface Keeper {
  shopId: string;
  userId: number;
}

/** 我的收益: the figures and the latest five commission lines. */
export async function readIncomePage(db: DbOrTx, keeper: Keeper & { now: Date }) {
  const [income, latest] = await Promise.all([
    readIncome(db, keeper),
    listIncomeLines(db, { ...keeper, pageNum: 1, pageSize: 5 }),
  ]);
  return { income, latest };
}

/** 数据中心: the period's totals and charts, and the latest orders. */
export async function readShopDataPage(
  db: DbOrTx,
  scope: Keeper & { period: ShopDataPeriod; now: Date },
) {
  const [data, orders] = await Promise.all([
    readShopData(db, scope),
    listShopDataOrders(db, scope),
  ]);
  return { data, orders };
}

/** 结算账单: a page of the month's settlements and claw-backs, and the month's bill. */
export async function readSettlementBillPage(
  db: DbOrTx,
  scope: Keeper & { month: string; pageNum: number; pageSize: number },
) {
  const { pageNum, pageSize, ...month } = scope;
  const [rows, bill] = await Promise.all([
    listSettlements(db, { ...month, pageNum, pageSize }),
    readMonthlyBill(db, month),
  ]);
  return { rows, bill };
}
