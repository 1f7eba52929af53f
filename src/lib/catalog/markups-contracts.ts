/**
 * global-add-price's calls (commerce §7 "Pricing"), managers only. A markup travels as
 * `addPriceBp` (a percentage in basis points) or `addPriceCents` (a fixed amount), the other 0
 * or absent; markups.ts checks them, so the page and the server refuse the same way.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type {
  ActivityAddPrice,
  AddPriceLimits,
  FinalPrice,
  GlobalAddPrice,
} from './markups.server.ts';

/** How many products one preview may price (markups.server.ts MAX_PREVIEW_PRODUCTS). */
export const MAX_PREVIEW_NOS = 20;

const NO_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const activityNo = z.string().regex(NO_PATTERN, '活动编号格式不正确');
/** Any number: markups.ts says what is wrong with it (not whole, negative, beyond the limit). */
const amount = z.number({ error: '加价须为数字' }).optional();
const markupBody = { addPriceBp: amount, addPriceCents: amount };

const managers = { roles: ['M'] } as const;

export const MarkupContracts = {
  limits: contract<AddPriceLimits>()({
    method: 'GET',
    path: '/api/spweb/queryAddPriceAstrict',
    query: { shopBizCode: shopIdSchema },
    access: managers,
  }),
  globalAddPrice: contract<GlobalAddPrice>()({
    method: 'POST',
    path: '/api/commodity/priceComputingRules/globalAddPrice',
    query: { shopBizCode: shopIdSchema },
    body: markupBody,
    access: managers,
    message: '保存成功',
  }),
  activityAddPrice: contract<ActivityAddPrice>()({
    method: 'POST',
    path: '/api/commodity/priceComputingRules/activityAddPrice',
    query: { shopBizCode: shopIdSchema },
    body: { activityNo, ...markupBody },
    access: managers,
    message: '保存成功',
  }),
  queryGlobalAddPrice: contract<GlobalAddPrice>()({
    method: 'GET',
    path: '/api/commodity/priceComputingRules/queryGlobalAddPrice',
    query: { shopBizCode: shopIdSchema },
    access: managers,
  }),
  /** One sale of the shop (activityNoStr is one number). */
  queryActivityAddPrice: contract<ActivityAddPrice>()({
    method: 'GET',
    path: '/api/commodity/priceComputingRules/queryActivityAddPrice/{activityNoStr}',
    params: { activityNoStr: activityNo },
    query: { shopBizCode: shopIdSchema },
    access: managers,
  }),
  /**
   * The final prices of the shop's products (at most MAX_PREVIEW_NOS), with a proposed markup
   * in place of the global one, or of a sale's when `activityNo` is given; nothing is saved.
   */
  finalPrices: contract<FinalPrice[]>()({
    method: 'POST',
    path: '/api/commodity/priceComputingRules/queryFinalPriceByProductNos/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
    query: { shopBizCode: shopIdSchema },
    body: {
      productNos: z
        .array(z.string().regex(NO_PATTERN, '商品编号格式不正确'))
        .min(1, '至少需要一个商品')
        .max(MAX_PREVIEW_NOS, `最多 ${MAX_PREVIEW_NOS} 个商品`),
      proposed: z.strictObject({ activityNo: activityNo.optional(), ...markupBody }).optional(),
    },
    access: managers,
  }),
};
