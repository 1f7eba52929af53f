/**
 * The states of a keeper's certification (DESIGN "States are tables"), one state machine for the
 * three ways to be certified. A draft is filled in and submitted; the submission is verified
 * (the identity and bank checks for a person, the documents for a business); a rejection says
 * why and goes back to a draft to be corrected; a certification whose document expires must be
 * renewed the same way.
 */
import { transitions } from '#lib/platform/transitions.ts';

export const CertificationStatus = {
  Draft: 10,
  Submitted: 20,
  /** Taken by one verification: concurrent submissions start one check, not several. */
  Verifying: 30,
  Verified: 40,
  Rejected: 50,
  /** A document (an ID card, a licence) passed its end date: paid no more until renewed. */
  Expired: 60,
} as const;
export type CertificationStatus = (typeof CertificationStatus)[keyof typeof CertificationStatus];

export const certificationTransitions = transitions<CertificationStatus>({
  [CertificationStatus.Draft]: [CertificationStatus.Submitted],
  [CertificationStatus.Submitted]: [CertificationStatus.Verifying, CertificationStatus.Rejected],
  [CertificationStatus.Verifying]: [CertificationStatus.Verified, CertificationStatus.Rejected],
  [CertificationStatus.Verified]: [CertificationStatus.Expired],
  [CertificationStatus.Rejected]: [CertificationStatus.Draft],
  [CertificationStatus.Expired]: [CertificationStatus.Draft],
});

/** What the keeper reads for each state. */
export const CERTIFICATION_STATUS_TEXT: Record<CertificationStatus, string> = {
  [CertificationStatus.Draft]: '待提交',
  [CertificationStatus.Submitted]: '审核中',
  [CertificationStatus.Verifying]: '审核中',
  [CertificationStatus.Verified]: '已认证',
  [CertificationStatus.Rejected]: '未通过',
  [CertificationStatus.Expired]: '已过期',
};

/** The three ways to be certified, and how each is paid. */
export const CERTIFICATION_KINDS = {
  /** 个人: paid as 劳务报酬 with tax withheld by the cumulative method. */
  individual: { title: '个人认证', payment: '按劳务报酬代扣个税' },
  /** 个体工商户: paid against its own invoice. */
  business: { title: '个体工商户认证', payment: '凭个体工商户发票结算' },
  /** 企业: paid to the verified corporate account against its invoice. */
  enterprise: { title: '企业认证', payment: '打款至企业对公账户，凭发票结算' },
} as const;
export type CertificationKind = keyof typeof CERTIFICATION_KINDS;
export const isCertificationKind = (value: string): value is CertificationKind =>
  Object.hasOwn(CERTIFICATION_KINDS, value);
