/** Recruiting and the keeper's own shop: shop info, 搭配, invitations, unbinding. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const RecruitingErrors = {
  COMPOSE_NOT_FOUND: { code: 40431, message: '搭配不存在或已删除' },
  SHOP_INFO_NAME_INVALID: { code: 49101, message: '店铺名称需为2-20个字' },
  SHOP_INFO_INTRO_TOO_LONG: { code: 49102, message: '店铺简介不能超过100个字' },
  COMPOSE_TITLE_INVALID: { code: 49103, message: '搭配名称需为2-20个字' },
  COMPOSE_INTRO_TOO_LONG: { code: 49104, message: '搭配说明不能超过100个字' },
  COMPOSE_PRODUCTS_COUNT: { code: 49105, message: '每个搭配请选择2-9件商品' },
  COMPOSE_PRODUCT_UNAVAILABLE: { code: 49106, message: '所选商品已下架或不属于本店，请重新选择' },
  COMPOSE_TOO_MANY: { code: 49107, message: '最多创建20个搭配' },
  UNBIND_OWNER: { code: 49108, message: '店长不能解除与本店的绑定' },
  UNBIND_HAS_AVAILABLE: { code: 49109, message: '你还有可提现余额，请先提现后再解除绑定' },
  UNBIND_HAS_PENDING: { code: 49110, message: '你还有待结算的收益，请结算完成后再解除绑定' },
  UNBIND_HAS_WITHDRAWING: { code: 49111, message: '你有提现正在处理中，请到账后再解除绑定' },
  UNBIND_HAS_UNPAID: { code: 49112, message: '你有待付款的推广订单，请订单关闭或付款后再解除绑定' },
  UNBIND_NEEDS_PHONE: { code: 49113, message: '请先绑定手机号后再解除绑定' },
} as const satisfies Record<string, ErrorEntry>;
