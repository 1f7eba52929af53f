/**
 * The freight insurance calls of commerce §7 beyond the checkout's quote (queryInsuredFee, with
 * the order calls): the seller's compensation record (searchSellerCompensateFee).
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { ClaimStatus } from './status.ts';
import type { PolicyState } from './rules.ts';

export const CLAIM_PAGE_SIZE = 20;

/** A claim as the shop owner reads it. */
export interface ClaimView {
  claimNo: string;
  orderNo: string;
  afterSaleNo: string;
  /** The buyer's name on the order, masked. */
  buyer: string;
  productName: string;
  amountCents: number;
  status: ClaimStatus;
  statusText: string;
  createdAt: string;
  paidAt: string | null;
}

export interface ClaimPage {
  list: ClaimView[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** What the shop still owes, and has paid, over all its claims. */
  owedCents: number;
  paidCents: number;
}

/** An order's freight insurance policy as its buyer reads it (freightInsurance). */
export interface PolicyView {
  orderNo: string;
  saleTitle: string;
  orderStatusText: string;
  imageUrl: string | null;
  pieces: number;
  premiumCents: number;
  coverCents: number;
  state: PolicyState;
  stateText: string;
  /** The order's delivery province now (the cover was fixed from the address ordered to). */
  province: string;
  insuredAt: string | null;
  claim: {
    claimNo: string;
    afterSaleNo: string;
    amountCents: number;
    statusText: string;
    createdAt: string;
  } | null;
}

export const InsuranceContracts = {
  /** The shop's freight insurance compensations (运费险赔付), newest first, with the totals. */
  compensateFees: contract<ClaimPage>()({
    method: 'GET',
    path: '/api/order/searchSellerCompensateFee',
    query: {
      shopBizCode: shopIdSchema,
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(CLAIM_PAGE_SIZE),
    },
    access: { roles: ['D'] },
  }),
};
