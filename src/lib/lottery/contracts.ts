/**
 * The lottery calls of commerce §7 "Lottery": the lottery of the shop with its prizes and the
 * caller's chances (searchConfig), a draw (lottery), and the caller's draws (lotteryRecords, a
 * path the specification does not show). Bodies name a lottery by its number only; what is won
 * is always decided on the server.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { LotteryState } from './rules.ts';

export const LOTTERY_RECORDS_PAGE_SIZE = 20;

export type PrizeKind = 'coupon' | 'none';

/** A prize as shoppers see it: never its stock, what is left of it or its weight. */
export interface PrizeView {
  prizeId: number;
  name: string;
  kind: PrizeKind;
  imageUrl: string;
  /** Coupon prizes: the big figure (¥5, 8.8折) and the condition (满99减10); '' otherwise. */
  face: string;
  condition: string;
  /** The lottery's consolation (谢谢参与). */
  consolation: boolean;
}

export interface LotteryChances {
  granted: number;
  used: number;
  left: number;
}

/** A lottery with its prizes (in their order) and the caller's chances. */
export interface LotteryConfig {
  lotteryNo: string;
  name: string;
  rules: string;
  startsAt: string;
  endsAt: string;
  state: LotteryState;
  stateText: string;
  prizes: PrizeView[];
  /** The caller's chances; all of them unused for a visitor who is not signed in. */
  chances: LotteryChances;
  signedIn: boolean;
}

/** What a draw won. */
export interface DrawResult {
  drawId: number;
  prize: PrizeView;
  /** The coupon now in 我的优惠券, for a coupon prize. */
  userCouponId: number | null;
  /** The drawn prize was gone (or its coupon refused): the consolation was given instead. */
  fellBack: boolean;
  chancesLeft: number;
}

/** One draw of 中奖记录. */
export interface LotteryRecord {
  drawId: number;
  lotteryNo: string;
  lotteryName: string;
  prizeName: string;
  kind: PrizeKind;
  face: string;
  condition: string;
  userCouponId: number | null;
  drawnAt: string;
}

export interface LotteryRecordPage {
  list: LotteryRecord[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const lotteryNo = z
  .string({ error: '请指定抽奖活动' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, '抽奖活动编号格式不正确');

export const LotteryContracts = {
  /** The lottery of `lotteryNo`, or the shop's current one (null when there is none). */
  searchConfig: contract<LotteryConfig | null>()({
    method: 'POST',
    path: '/api/spweb/lottery/searchConfig',
    query: { shopBizCode: shopIdSchema },
    body: { lotteryNo: lotteryNo.optional() },
  }),
  /** 抽奖: one chance spent, one prize won. */
  draw: contract<DrawResult>()({
    method: 'POST',
    path: '/api/spweb/lottery/lottery',
    query: { shopBizCode: shopIdSchema },
    body: { lotteryNo },
    access: 'signed-in',
  }),
  /** 中奖记录: the caller's draws in the shop, newest first. */
  records: contract<LotteryRecordPage>()({
    method: 'GET',
    path: '/api/spweb/lottery/lotteryRecords',
    query: {
      shopBizCode: shopIdSchema,
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(LOTTERY_RECORDS_PAGE_SIZE),
    },
    access: 'signed-in',
  }),
};
