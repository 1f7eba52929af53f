/**
 * The shop's own texts, one export each; read them as `Messages.X` through
 * #lib/platform/errors.ts, so a page ships only the texts it shows.
 */
export const OK = 'success';
export const NOT_LOGGED_IN = '用户未登录';
export const MAINTENANCE = '服务器维护中~';
export const LOGIN_FAILED = '登录失败';
export const CODE_SENT = '验证码已发送，请查收';
export const INVALID_MOBILE = '请输入有效的手机号码';
export const WRONG_PHONE = '请输入正确的手机号';
export const PARAM_MISSING = '参数缺失！';
export const SYSTEM_ERROR = '系统异常';
/** The call never got an answer: offline, timed out. */
export const NETWORK = '网络不给力，请稍后再试';
export const SKIN_CHANGED = '换肤成功';
export const REQUIRED_ARG = '参数为必填项';
export const PHONE_ALREADY_BOUND = '该手机号已绑定账户，请绑定其他手机号';
export const IMAGE_FAILED = '图片渲染失败';
export const IMAGE_LOAD_FAILED = '加载失败';
export const FINGERPRINT_FAILED = '设备指纹获取失败';
export const SWITCHED_TO_MANAGER = '已自动为您切换为管理员身份';
export const SWITCH_TO_MANAGER = '请切换为管理员身份操作';
export const OWNER_BOUND = '店主身份绑定成功，你可以管理该店铺。';
export const BAD_REQUEST = '请求参数错误';
export const NOT_FOUND = '请求的接口不存在';
export const METHOD_NOT_ALLOWED = '请求方法不支持';
export const SHOP_NOT_FOUND = '店铺不存在';
export const SHOP_ID_INVALID = '店铺编号格式不正确';
export const SHOP_ID_REQUIRED = '缺少店铺编号';
export const FORBIDDEN = '没有权限访问';
export const CROSS_SITE = '跨站请求被拒绝';
export const PAYLOAD_TOO_LARGE = '请求内容过大';
export const NUL_CHARACTER = '不能包含空字符';
export const URL_MALFORMED = '请求地址格式不正确';
export const URI_TOO_LONG = '请求地址过长';
export const HOST_INVALID = '请求的主机名无效';
export const HEADERS_TOO_LARGE = '请求头过大';
export const REQUEST_TIMEOUT = '请求超时';
export const BODY_NOT_JSON_TYPE = '请求内容必须是 JSON';
export const TOO_MANY_STREAMS = '连接过多，请稍后再试';
export const ADDED_TO_CART = '已加入购物车';
export const AGREEMENT_REQUIRED = '请先阅读并同意《用户注册协议》和《隐私政策》';
export const PHONE_BOUND = '绑定成功';
export const NOT_SHOP_OWNER = '当前账号不是该店铺的店主';
export const CONTRACT_SIGNED = '签署成功';
export const REGISTERED = '开店成功';
export const ADMIN_BOUND = '已成为本店管理员';
export const ADMIN_GRANT_INVALID = '授权链接已失效，请让申请人重新生成二维码';
export const ADMIN_GRANT_APPROVED = '授权成功';
export const ADMIN_GRANT_REJECTED = '已拒绝授权';
