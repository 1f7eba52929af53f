/**
 * The one error catalogue: the codes and texts of both specifications' §8, plus the codes the
 * server itself answers with. Client and server read the same table.
 */

export const ErrorCode = {
  OK: 0,
  /** A few calls document 200 as success. */
  OK_LEGACY: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  /**
   * Refusals that are not about being logged out. Code 403 itself means "not logged in" to the
   * client (commerce §8), so a refused role or a cross-site write must not answer code 403.
   */
  NO_PERMISSION: 40301,
  CROSS_SITE: 40302,
  /** Shopping refusals the shopper can act on. */
  PRODUCT_GONE: 40401,
  SALE_NOT_STARTED: 40901,
  SALE_ENDED: 40902,
  OUT_OF_STOCK: 40903,
  CART_LIMIT: 40904,
  /** A wrong, expired, used or voided SMS code. */
  SMS_CODE_INVALID: 40010,
  /** Phone binding: the phone belongs to another messaging-app account; this one has a phone. */
  PHONE_ALREADY_BOUND: 40911,
  ACCOUNT_HAS_PHONE: 40912,
  /** Shop info codes that still open the shop (§4 shop validity). */
  SHOP_SPECIAL: 998,
  CRAWLER: 50001,
  NOT_LOGGED_IN: 100006,
  SESSION_ALT: 999998,
  SESSION_INVALID: 999999,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status the server uses for maintenance; the client shows the message or the default. */
export const MAINTENANCE_HTTP_STATUS = 588;

export const Messages = {
  OK: 'success',
  NOT_LOGGED_IN: '用户未登录',
  MAINTENANCE: '服务器维护中~',
  LOGIN_FAILED: '登录失败',
  CODE_SENT: '验证码已发送，请查收',
  INVALID_MOBILE: '请输入有效的手机号码',
  WRONG_PHONE: '请输入正确的手机号',
  PARAM_MISSING: '参数缺失！',
  SYSTEM_ERROR: '系统异常',
  SKIN_CHANGED: '换肤成功',
  REQUIRED_ARG: '参数为必填项',
  PHONE_ALREADY_BOUND: '该手机号已绑定账户，请绑定其他手机号',
  IMAGE_FAILED: '图片渲染失败',
  IMAGE_LOAD_FAILED: '加载失败',
  FINGERPRINT_FAILED: '设备指纹获取失败',
  SWITCHED_TO_MANAGER: '已自动为您切换为管理员身份',
  SWITCH_TO_MANAGER: '请切换为管理员身份操作',
  OWNER_BOUND: '店主身份绑定成功，你可以管理该店铺。',
  BAD_REQUEST: '请求参数错误',
  NOT_FOUND: '请求的接口不存在',
  METHOD_NOT_ALLOWED: '请求方法不支持',
  SHOP_NOT_FOUND: '店铺不存在',
  SHOP_ID_INVALID: '店铺编号格式不正确',
  SHOP_ID_REQUIRED: '缺少店铺编号',
  FORBIDDEN: '没有权限访问',
  CROSS_SITE: '跨站请求被拒绝',
  PAYLOAD_TOO_LARGE: '请求内容过大',
  PRODUCT_GONE: '商品不存在或已下架',
  SALE_NOT_STARTED: '活动尚未开始，敬请期待',
  SALE_ENDED: '活动已结束',
  OUT_OF_STOCK: '库存不足',
  CART_LIMIT: '单件商品最多购买99件',
  ADDED_TO_CART: '已加入购物车',
  TOO_MANY_REQUESTS: '操作太频繁，请稍后再试',
  AGREEMENT_REQUIRED: '请先阅读并同意《用户注册协议》和《隐私政策》',
  SMS_CODE_INVALID: '验证码错误或已失效',
  SMS_CODE_FORMAT: '请输入6位数字验证码',
  PHONE_BOUND: '绑定成功',
  ACCOUNT_HAS_PHONE: '当前账户已绑定手机号',
  SIGN_URL_FOREIGN: '仅支持为本站页面签名',
  NOT_SHOP_OWNER: '当前账号不是该店铺的店主',
  SHOP_HAS_NO_OWNER: '该店铺尚未绑定店主',
  KEEPER_DISABLED: '您的店主身份已被停用，请联系店铺',
  ALREADY_KEEPER: '您已经是本店店主，无需重复申请',
  ALREADY_ADMIN: '您已经是本店管理员',
  OWNER_NEEDS_NO_ADMIN: '您是本店店主，无需申请管理员',
  CONTRACT_SIGNED: '签署成功',
  REGISTERED: '开店成功',
  ADMIN_BOUND: '已成为本店管理员',
  SKIN_NOT_FOUND: '皮肤不存在',
  PHONE_HAS_ACCOUNT_NEEDS_CODE: '该手机号已注册，请获取验证码后绑定',
  ADMIN_GRANT_INVALID: '授权链接已失效，请让申请人重新生成二维码',
  ADMIN_GRANT_APPROVED: '授权成功',
  ADMIN_GRANT_REJECTED: '已拒绝授权',
  USER_VERIFY_CODE_FORMAT: '核对码应为6位数字',
} as const;

/** An expected failure with a code and a user-facing message; never carries a stack to the client. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: number;
  readonly status: number;

  constructor(code: number, message: string, status = httpStatusFor(code)) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** The HTTP status an error code travels with: 4xx for the caller's mistakes, 200 for business codes. */
export function httpStatusFor(code: number): number {
  if (code >= 400 && code < 600) return code;
  return 200;
}

/** Codes with which the shop still opens even though the shop info call did not succeed. */
export function shopStillOpens(code: number): boolean {
  return (
    code === ErrorCode.SESSION_INVALID ||
    code === ErrorCode.SESSION_ALT ||
    code === ErrorCode.SHOP_SPECIAL
  );
}

/** §8: the answers that mean "the user is not logged in". */
export function isLoginInvalid(code: number, message: string | undefined): boolean {
  return (
    code === ErrorCode.NOT_LOGGED_IN ||
    code === ErrorCode.UNAUTHORIZED ||
    code === ErrorCode.FORBIDDEN ||
    (code === ErrorCode.SERVER_ERROR && message === Messages.NOT_LOGGED_IN)
  );
}
