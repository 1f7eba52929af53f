/**
 * The demo data of DESIGN.md: shops 1001 and 1002, the demo phones and their roles, and a
 * catalogue of brands, brand sales in every state, products with SKUs, stock and generated
 * pictures, coupons, banners, home modules, hot search keys, live rooms, lotteries, and each
 * owner's customers, orders, commission and withdrawals. rearm.ts keeps its time-bound states
 * (an unpaid order, a refund under review, rooms live and upcoming) alive on later starts. Each area seeds in a
 * file of its own, from a random stream of its own (random.ts); the numbers rows get are planned
 * up front (plan.ts) and named for tests in handles.ts. Deterministic: the same `now` gives the
 * same data.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedCatalog } from './catalog.ts';
import { seedCoupons } from './coupons.ts';
import {
  KEEPER_1002,
  seedCommission,
  seedCustomersOf,
  seedKeeperCustomers,
  seedKeeperMoney,
  seedLedger,
  seedSecondKeepers,
  seedWithdrawals,
} from './distribution.ts';
import { seedPeople, type DemoRole } from './identity.ts';
import { seedLiveRooms, seedLiveRooms1002 } from './live.ts';
import { seedLottery, seedLottery1002 } from './lottery.ts';
import { seedManager1002, seedMembers } from './membership.ts';
import { seedAddresses, seedOrders } from './orders.ts';
import { seedCart } from './cart.ts';
import { seedPayments } from './payments.ts';
import { seedPromotions } from './promotions.ts';
import { seedConfig, seedShopFronts, seedShops, seedSkins } from './shop.ts';
import { seedMarkupLimits } from './markups.ts';
import { seedServiceConversations } from './service.ts';
import { seedLiveStreams } from './live-stream.ts';
import { seedInvoices } from './invoices.ts';
import { seedLegal } from './legal.ts';

export { demoPhones, seedHandles } from './handles.ts';

/** True when the database holds no shop yet, i.e. it was just created. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.select({ n: sql<number>`count(*)::int` }).from(t.shops);
  return (row[0]?.n ?? 0) === 0;
}

/**
 * Empties every table of the schema, keeping the migrations' record and the server secrets (made
 * by the migrations and the sandbox gateway, not demo data: real names stay readable).
 */
export async function clearAll(db: Db | Tx): Promise<void> {
  const tables = Object.values(t)
    .filter((v) => is(v, PgTable) && v !== t.serverSecrets)
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
}

export async function seedDemo(db: Db, now = new Date()): Promise<void> {
  await db.transaction((tx) => seedInto(tx, now));
}

/** npm run db:seed: empty every table and seed again, as one transaction. */
export async function reseedDemo(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await clearAll(tx);
    await seedInto(tx, now);
  });
}

/**
 * The areas in the order the demo always had, so serial ids (users, media, ...) stay the same;
 * a new area or row goes at the end of its area.
 */
async function seedInto(tx: Tx, now: Date): Promise<void> {
  const userId = await seedPeople(tx);
  const skinIds = await seedSkins(tx);
  await seedShops(tx, userId, skinIds);
  await seedMembers(tx, userId);
  await seedLedger(tx, userId);
  await seedAddresses(tx, userId);
  const catalog = await seedCatalog(tx, now);
  await seedShopFronts(tx, catalog.productNosByShop);
  await seedCoupons(tx, now, userId, catalog);
  await seedLiveRooms(tx, now, catalog.productNosByShop['1001']!);
  await seedLiveStreams(tx, now);
  await seedConfig(tx, skinIds);
  await seedPromotions(tx, now, catalog);
  await seedOrders(tx, now, userId);
  await seedKeeperCustomers(tx, now, userId);
  await seedPayments(tx);
  await seedKeeperMoney(tx, now, userId);
  await seedCart(tx, userId);
  await seedLottery(tx, now);
  await seedMarkupLimits(tx, catalog);
  await seedServiceConversations(tx, now, userId);
  await seedShop1002Business(tx, now, userId, catalog.productNosByShop['1002']!);
  await seedSecondKeepers(tx, now);
  await seedInvoices(tx, now, userId);
  await seedLegal(tx, now, userId);
}

/**
 * Shop 1002's keeper business, live rooms and lottery, as shop 1001's are seeded: after everything
 * else, so nothing seeded before moves.
 */
async function seedShop1002Business(
  tx: Tx,
  now: Date,
  userId: Record<DemoRole, number>,
  productNos: string[],
): Promise<void> {
  const orderIds = await seedCustomersOf(tx, now, userId, KEEPER_1002);
  await seedPayments(tx, orderIds);
  await seedCommission(tx, now, orderIds);
  const manager = await seedManager1002(tx);
  await seedWithdrawals(tx, now, '1002', userId.owner1002, KEEPER_1002.money, {
    id: manager,
    as: 'manager',
  });
  await seedLiveRooms1002(tx, now, productNos);
  await seedLottery1002(tx, now);
}
