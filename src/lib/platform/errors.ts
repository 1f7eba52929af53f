/**
 * Error plumbing: the codes of both specifications' §8 and of the server's own plumbing, the
 * shop's texts, and AppError. Each area keeps its refusals as `{ code, message }` entries in its
 * errors.ts; #lib/errors.ts combines them into the one catalogue that throw sites use:
 * `throw appError(Errors.OUT_OF_STOCK)`.
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
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  /**
   * Refusals that are not about being logged out. Code 403 itself means "not logged in" to the
   * client (commerce §8), so a refused role or a cross-site write must not answer code 403.
   */
  NO_PERMISSION: 40301,
  CROSS_SITE: 40302,
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
/** How soon a client may try again while the database is away (the Retry-After header). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 5;

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
  /** The call never got an answer: offline, timed out. */
  NETWORK: '网络不给力，请稍后再试',
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
  NUL_CHARACTER: '不能包含空字符',
  URL_MALFORMED: '请求地址格式不正确',
  URI_TOO_LONG: '请求地址过长',
  HOST_INVALID: '请求的主机名无效',
  HEADERS_TOO_LARGE: '请求头过大',
  REQUEST_TIMEOUT: '请求超时',
  BODY_NOT_JSON_TYPE: '请求内容必须是 JSON',
  TOO_MANY_STREAMS: '连接过多，请稍后再试',
  ADDED_TO_CART: '已加入购物车',
  AGREEMENT_REQUIRED: '请先阅读并同意《用户注册协议》和《隐私政策》',
  PHONE_BOUND: '绑定成功',
  NOT_SHOP_OWNER: '当前账号不是该店铺的店主',
  CONTRACT_SIGNED: '签署成功',
  REGISTERED: '开店成功',
  ADMIN_BOUND: '已成为本店管理员',
  ADMIN_GRANT_INVALID: '授权链接已失效，请让申请人重新生成二维码',
  ADMIN_GRANT_APPROVED: '授权成功',
  ADMIN_GRANT_REJECTED: '已拒绝授权',
} as const;

/** One refusal of the catalogue: its code, its text and, when not derived from the code, its HTTP status. */
export interface ErrorEntry {
  readonly code: number;
  readonly message: string;
  readonly status?: number;
}

/** The plumbing's own refusals and the §8 answers the client acts on. */
export const PlatformErrors = {
  BAD_REQUEST: { code: ErrorCode.BAD_REQUEST, message: Messages.BAD_REQUEST },
  BODY_NOT_JSON: { code: ErrorCode.BAD_REQUEST, message: '请求体不是有效的 JSON' },
  /** A call that needs a parameter the page should have sent (the brand of a brand coupon). */
  PARAM_MISSING: { code: ErrorCode.BAD_REQUEST, message: Messages.PARAM_MISSING },
  SHOP_ID_REQUIRED: { code: ErrorCode.BAD_REQUEST, message: Messages.SHOP_ID_REQUIRED },
  NOT_FOUND: { code: ErrorCode.NOT_FOUND, message: Messages.NOT_FOUND },
  METHOD_NOT_ALLOWED: { code: ErrorCode.METHOD_NOT_ALLOWED, message: Messages.METHOD_NOT_ALLOWED },
  PAYLOAD_TOO_LARGE: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: Messages.PAYLOAD_TOO_LARGE },
  /** A body that is not declared JSON (a cross-site form post, text/plain): never parsed. */
  UNSUPPORTED_MEDIA_TYPE: {
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: Messages.BODY_NOT_JSON_TYPE,
  },
  /** One client holds as many event streams as it may (decision 036). */
  TOO_MANY_STREAMS: { code: ErrorCode.TOO_MANY_REQUESTS, message: Messages.TOO_MANY_STREAMS },
  /** The request refusals of the server's edge (scripts/serve.ts, platform/edge.server.ts). */
  URL_MALFORMED: { code: ErrorCode.BAD_REQUEST, message: Messages.URL_MALFORMED },
  URI_TOO_LONG: { code: ErrorCode.URI_TOO_LONG, message: Messages.URI_TOO_LONG },
  HOST_INVALID: { code: ErrorCode.BAD_REQUEST, message: Messages.HOST_INVALID },
  HEADERS_TOO_LARGE: { code: ErrorCode.HEADERS_TOO_LARGE, message: Messages.HEADERS_TOO_LARGE },
  REQUEST_TIMEOUT: { code: ErrorCode.REQUEST_TIMEOUT, message: Messages.REQUEST_TIMEOUT },
  SYSTEM_ERROR: { code: ErrorCode.SERVER_ERROR, message: Messages.SYSTEM_ERROR },
  NOT_LOGGED_IN: { code: ErrorCode.NOT_LOGGED_IN, message: Messages.NOT_LOGGED_IN },
  NO_PERMISSION: { code: ErrorCode.NO_PERMISSION, message: Messages.FORBIDDEN },
  /** HTTP 403 but not code 403, which would mean "logged out" to the client. */
  CROSS_SITE: { code: ErrorCode.CROSS_SITE, message: Messages.CROSS_SITE, status: 403 },
  MAINTENANCE: {
    code: MAINTENANCE_HTTP_STATUS,
    message: Messages.MAINTENANCE,
    status: MAINTENANCE_HTTP_STATUS,
  },
} as const satisfies Record<string, ErrorEntry>;

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

/** The AppError of a catalogue entry: `throw appError(Errors.OUT_OF_STOCK)`. */
export function appError(entry: ErrorEntry): AppError {
  return new AppError(entry.code, entry.message, entry.status ?? httpStatusFor(entry.code));
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
