/** Identity's refusals: SMS codes, phone binding and the messaging app's signature. */
import { Messages, type ErrorEntry } from '#lib/platform/errors.ts';

export const IdentityErrors = {
  /** A wrong, expired, used or voided SMS code. */
  SMS_CODE_INVALID: { code: 40010, message: '验证码错误或已失效' },
  SMS_CODE_FORMAT: { code: 400, message: '请输入6位数字验证码' },
  /**
   * The SMS vendor refused the send (frequency limit, template, sign, balance…) or could not be
   * reached; the code is not kept, so the shopper may simply try again.
   */
  SMS_SEND_FAILED: { code: 40011, message: '验证码发送失败，请稍后再试' },
  /** Within 30 s of the last code, or over the hourly limits per phone or per client. */
  CODE_TOO_FREQUENT: { code: 429, message: '操作太频繁，请稍后再试' },
  /** The phone belongs to another messaging-app account. */
  PHONE_ALREADY_BOUND: { code: 40911, message: Messages.PHONE_ALREADY_BOUND },
  ACCOUNT_HAS_PHONE: { code: 40912, message: '当前账户已绑定手机号' },
  PHONE_HAS_ACCOUNT_NEEDS_CODE: { code: 400, message: '该手机号已注册，请获取验证码后绑定' },
  SIGN_URL_FOREIGN: { code: 400, message: '仅支持为本站页面签名' },
} as const satisfies Record<string, ErrorEntry>;
