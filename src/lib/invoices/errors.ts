/** The invoice refusals (codes 496xx; 40496 for what is not there), with the texts shoppers read. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const InvoiceErrors = {
  INVOICES_OFF: { code: 49601, message: '本店暂未开通开票服务' },
  SPECIAL_OFF: { code: 49602, message: '本店暂不支持开具增值税专用发票' },
  ORDER_NOT_FINISHED: { code: 49603, message: '订单确认收货后才能申请开票' },
  INVOICE_AFTER_SALE_OPEN: { code: 49604, message: '该订单有售后处理中，售后完成后再申请开票' },
  NOTHING_TO_INVOICE: { code: 49605, message: '该订单没有可开票金额' },
  ALREADY_APPLIED: { code: 49606, message: '该订单已申请开票，请勿重复申请' },
  TITLE_NAME_REQUIRED: { code: 49607, message: '请填写发票抬头' },
  TAX_ID_REQUIRED: { code: 49608, message: '请填写纳税人识别号' },
  TAX_ID_LENGTH: {
    code: 49609,
    message: '纳税人识别号应为18位统一社会信用代码（或15、17、20位）',
  },
  TAX_ID_CHARSET: {
    code: 49610,
    message: '纳税人识别号只能包含数字和大写字母（不含I、O、S、V、Z）',
  },
  TAX_ID_CHECK: { code: 49611, message: '纳税人识别号校验位不正确，请核对后重新填写' },
  SPECIAL_TITLE_INCOMPLETE: {
    code: 49612,
    message: '开具专用发票需填写单位的注册地址、注册电话、开户银行和银行账号',
  },
  SPECIAL_NEEDS_COMPANY: { code: 49613, message: '专用发票只能开给单位抬头' },
  MOBILE_INVALID: { code: 49614, message: '请填写正确的手机号' },
  EMAIL_INVALID: { code: 49615, message: '请填写正确的邮箱地址' },
  TOO_MANY_TITLES: { code: 49616, message: '最多保存20个发票抬头' },
  TITLE_NOT_FOUND: { code: 40496, message: '发票抬头不存在' },
  INVOICE_NOT_FOUND: { code: 40497, message: '发票不存在' },
  NOT_RETRYABLE: { code: 49617, message: '该发票当前状态不能重新提交' },
  INVOICE_STATE_CHANGED: { code: 49618, message: '发票状态已变化，请刷新后再试' },
  SELLER_NAME_REQUIRED: { code: 49619, message: '请填写销售方名称' },
  SELLER_TAX_ID_INVALID: { code: 49620, message: '销售方纳税人识别号不正确' },
  TAX_CODE_INVALID: { code: 49621, message: '税收分类编码应为19位数字' },
  TAX_RATE_INVALID: { code: 49622, message: '请选择正确的税率' },
  TAX_NAME_INVALID: { code: 49623, message: '请填写商品的税收分类简称（20字以内）' },
  NOT_SHOP_INVOICES: { code: 49624, message: '只有店主可以管理本店的发票' },
  INVOICE_NO_INVALID: {
    code: 49625,
    message: '发票号码应为20位数电发票号码，或8位号码加10位或12位发票代码',
  },
  ISSUED_AT_INVALID: { code: 49626, message: '开票日期不能晚于今天' },
  PDF_INVALID: { code: 49627, message: '请上传PDF格式的发票文件' },
  CATEGORY_NOT_FOUND: { code: 40498, message: '商品分类不存在' },
  PAPER_OFF: { code: 49628, message: '本店暂不支持开具纸质发票' },
  NOT_MAILABLE: { code: 49629, message: '只有已开具、尚未寄出的纸质发票可以寄出' },
} as const satisfies Record<string, ErrorEntry>;
