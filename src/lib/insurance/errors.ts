/** The freight insurance refusals. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const InsuranceErrors = {
  NOT_OFFERED: { code: 44001, message: '本店暂未开通运费险' },
  NOT_INSURABLE: { code: 44002, message: '跨境商品暂不支持运费险' },
  NOT_SHOP_INSURANCE: { code: 44003, message: '只有店主可以查看本店的运费险赔付' },
  NOT_INSURED: { code: 40414, message: '该订单未投保运费险' },
} as const satisfies Record<string, ErrorEntry>;
