/**
 * The lottery (抽奖): a shop's draw with weighted prizes. A draw consumes one of the user's
 * chances (a conditional update: used below granted), picks a prize by weight, and takes that
 * prize's stock with a conditional update; a prize out of stock falls back to the lottery's
 * declared consolation prize, whose stock is unlimited. Each draw is a record (中奖记录).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { id, ref, createdAt, at } from '#lib/platform/db/columns.ts';
import { coupons, userCoupons } from '#lib/coupons/tables.server.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';

export const lotteries = pgTable(
  'lotteries',
  {
    id: id(),
    lotteryNo: text('lottery_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    rules: text('rules').notNull().default(''),
    /** Chances every user gets for this lottery. */
    chancesPerUser: integer('chances_per_user').notNull().default(1),
    /** Won when the drawn prize is out of stock (and by weight like any other prize). */
    consolationPrizeId: ref('consolation_prize_id').references((): AnyPgColumn => lotteryPrizes.id),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('lotteries_shop_idx').on(t.shopId),
    check('lotteries_chances_chk', sql`${t.chancesPerUser} >= 1`),
  ],
);

/**
 * A prize: kind 'coupon' lands couponId in the winner's coupons; 'none' is a 谢谢参与.
 * stock null means unlimited (the consolation); otherwise won never passes stock (CHECK).
 */
export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    id: id(),
    lotteryId: ref('lottery_id')
      .notNull()
      .references((): AnyPgColumn => lotteries.id),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    couponId: ref('coupon_id').references(() => coupons.id),
    imageUrl: text('image_url').notNull().default(''),
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    won: integer('won').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('lottery_prizes_lottery_idx').on(t.lotteryId, t.sort),
    check('lottery_prizes_kind_chk', sql`${t.kind} in ('coupon', 'none')`),
    check('lottery_prizes_coupon_chk', sql`(${t.kind} = 'coupon') = (${t.couponId} is not null)`),
    check('lottery_prizes_weight_chk', sql`${t.weight} >= 0`),
    check(
      'lottery_prizes_stock_chk',
      sql`${t.won} >= 0 and (${t.stock} is null or ${t.won} <= ${t.stock})`,
    ),
  ],
);

/** A user's chances of one lottery: used never passes granted (CHECK and conditional update). */
export const lotteryChances = pgTable(
  'lottery_chances',
  {
    lotteryId: ref('lottery_id')
      .notNull()
      .references(() => lotteries.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    granted: integer('granted').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.lotteryId, t.userId] }),
    check('lottery_chances_used_chk', sql`${t.used} >= 0 and ${t.used} <= ${t.granted}`),
  ],
);

/** One draw and what it won (userCouponId for a coupon prize). */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: id(),
    lotteryId: ref('lottery_id')
      .notNull()
      .references(() => lotteries.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    prizeId: ref('prize_id')
      .notNull()
      .references(() => lotteryPrizes.id),
    userCouponId: ref('user_coupon_id').references(() => userCoupons.id),
    createdAt: createdAt(),
  },
  (t) => [index('lottery_draws_user_idx').on(t.lotteryId, t.userId, t.createdAt)],
);
