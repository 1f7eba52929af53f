/** The shop keeper's money: withdrawals, bank cards, the review of withdrawals. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const DistributionErrors = {
  WITHDRAWAL_NOT_FOUND: { code: 40417, message: '提现记录不存在' },
  BANK_CARD_NOT_FOUND: { code: 40418, message: '银行卡不存在' },
  WITHDRAW_TOO_LITTLE: { code: 47001, message: '提现金额不能低于1.00元' },
  WITHDRAW_TOO_MUCH: { code: 47002, message: '提现金额不能超过可提现余额' },
  WITHDRAW_OVER_LIMIT: { code: 47003, message: '单笔提现金额不能超过50000.00元' },
  WITHDRAW_NEEDS_CARD: { code: 47004, message: '请先绑定银行卡' },
  WITHDRAWAL_STATE_CHANGED: { code: 47005, message: '该提现已处理，请刷新查看' },
  WITHDRAW_NOT_REVIEWER: { code: 40301, message: '仅店主可审核提现' },
  WITHDRAW_OWN_REVIEW: {
    code: 40301,
    message: '不能审核自己的提现，店主本人的提现由店铺管理员审核',
  },
  WITHDRAW_OWNER_FOR_MANAGERS: { code: 40301, message: '店主本人的提现由店铺管理员审核' },
  REPORT_OWNER_ONLY: { code: 40301, message: '仅店铺所有者可下载收入报表' },
  REJECT_REASON_REQUIRED: { code: 47006, message: '请填写驳回原因' },
  CARD_NUMBER_INVALID: { code: 47007, message: '银行卡号有误，请核对后重新输入' },
  CARD_NEEDS_REAL_NAME: { code: 47009, message: '请先完成实名认证' },
  CARD_BANK_UNKNOWN: { code: 47010, message: '请选择开户银行' },
  CARD_ALREADY_BOUND: { code: 47011, message: '该银行卡已绑定' },
  CARD_TOO_MANY: { code: 47012, message: '最多绑定5张银行卡' },
  CARD_VERIFY_WRONG: { code: 47013, message: '验证金额不正确，请核对到账金额' },
  CARD_VERIFY_LOCKED: { code: 47014, message: '验证次数已用完，请重新绑定' },
  CARD_NOT_VERIFYING: { code: 47015, message: '该银行卡无需验证' },
  CARD_IN_USE: { code: 47016, message: '该银行卡有提现处理中，暂不能解绑' },
  ENTERPRISE_NAME_INVALID: { code: 47017, message: '请输入正确的企业名称' },
  WITHDRAW_NEEDS_WECHAT: { code: 47018, message: '请在微信内打开后提现到微信零钱' },
  WITHDRAW_NEEDS_REAL_NAME: { code: 47019, message: '提现2000元及以上到微信零钱需先完成实名认证' },
  WITHDRAW_DESTINATION_OFF: { code: 47020, message: '暂不支持该提现方式' },
  WITHDRAWAL_NOT_AWAITING: { code: 47021, message: '该提现无需确认收款' },
} as const satisfies Record<string, ErrorEntry>;
