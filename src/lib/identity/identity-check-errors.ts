/**
 * The refusals of the paid identity checks (faceid's ID two-element and bank-card four-element
 * checks), one entry per kind of answer; the rule checks before them have their own entries.
 */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const IdentityCheckErrors = {
  /** IdCardVerification -5: the authority has no record of the number. */
  ID_NUMBER_UNKNOWN: { code: 40037, message: '未查到该身份证号码，请核对后重新输入' },
  /** The authority could not answer now (-4, -6, -18, or the vendor refused the call). */
  IDENTITY_SERVICE_BUSY: { code: 40038, message: '身份核验服务繁忙，请稍后再试' },
  /** The user's paid checks of the day are used up (ours), or the authority's (-7, -19). */
  IDENTITY_CHECK_LIMIT: { code: 40039, message: '今日核验次数已用完，请明天再试' },
  /** BankCard4EVerification -1, -6: the card's holder, ID number or reserved phone differ. */
  BANK_CARD_OWNER_MISMATCH: {
    code: 40040,
    message: '银行卡信息核验未通过，请核对持卡人、身份证号码及银行预留手机号',
  },
  /** -4, -9, -10, -21: the number is no card the banks know. */
  BANK_CARD_NUMBER_WRONG: { code: 40041, message: '银行卡号有误，请核对后重新输入' },
  /** -5: the account's phone is not a mainland mobile number the check accepts. */
  BANK_CARD_PHONE_INVALID: { code: 40042, message: '手机号码不合法，请使用银行预留手机号' },
  /** -7: no card-not-present payments on the card. */
  BANK_CARD_NO_ONLINE_PAYMENT: { code: 40043, message: '该银行卡未开通无卡支付，请更换其他银行卡' },
  /** -8, -11 … -17: confiscated, dormant, reported lost, expired, restricted, locked. */
  BANK_CARD_UNUSABLE: { code: 40044, message: '该银行卡状态异常，请更换其他银行卡' },
  /** -20: only second-generation ID cards can be checked. */
  ID_TYPE_UNSUPPORTED: { code: 40045, message: '该证件暂不支持核验，当前仅支持二代身份证' },
  /** A bank card's check needs the account's phone (the one the bank holds). */
  BANK_CARD_NEEDS_PHONE: { code: 40046, message: '请先绑定手机号' },
} as const satisfies Record<string, ErrorEntry>;
