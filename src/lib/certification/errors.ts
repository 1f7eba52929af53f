/** The certification refusals. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const CertificationErrors = {
  CERTIFICATION_LOCKED: { code: 44101, message: '认证审核中或已通过，资料不能修改' },
  CERTIFICATION_INCOMPLETE: { code: 44102, message: '认证资料不完整' },
  CERTIFICATION_NOT_FOUND: { code: 44103, message: '还没有填写认证资料' },
  CREDIT_CODE_INVALID: { code: 44104, message: '统一社会信用代码有误，请核对' },
  SUBJECT_NAME_INVALID: { code: 44105, message: '请填写营业执照上的名称' },
  REPRESENTATIVE_INVALID: { code: 44106, message: '请填写经营者或法定代表人的真实姓名' },
  DOCUMENT_EXPIRED: { code: 44107, message: '证件已过有效期' },
  NOT_REVIEWABLE: { code: 44108, message: '该认证不在待审核状态' },
  CERTIFICATION_REASON_REQUIRED: { code: 44109, message: '请填写未通过的原因' },
  TAXPAYER_UNVERIFIED: { code: 44110, message: '请先完成实名认证再提现' },
  PAYOUT_NOT_CERTIFIED: { code: 44111, message: '请先完成店主认证再提现' },
  PAYOUT_PROTOCOL_UNSIGNED: { code: 44112, message: '请先签署协议再提现' },
  PAYOUT_MONTH_QUOTA: { code: 44113, message: '本月提现金额已达上限（每月9.8万元）' },
  PAYOUT_YEAR_QUOTA: { code: 44114, message: '本年提现金额已达上限（每年50万元）' },
  CONSENT_REQUIRED: { code: 44115, message: '请先阅读并同意《个人信息单独同意书》' },
  PHOTO_NOT_FOUND: { code: 44116, message: '照片不存在，请重新上传' },
  PHOTO_LIMIT: { code: 44117, message: '今天上传的照片太多了，请明天再试' },
  REVIEW_OWNER_ONLY: { code: 44118, message: '只有店铺的所有者可以审核认证' },
} as const satisfies Record<string, ErrorEntry>;
