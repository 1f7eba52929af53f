/**
 * The kinds of text a shop keeps in its agreements store (issue #29 item 7): what each is called,
 * who must accept it, and which page shows it. Each shop is its own seller of record, so every
 * shop has its own versions of each; the operator's name depends on the host (shell §1), so the
 * texts speak of 本店 / 本平台 and 我们. Isomorphic: no I/O.
 */
import type { LinkTarget } from '#lib/platform/links.ts';

export const AGREEMENT_TYPES = [
  'registrationProtocol',
  'userPrivacyPolicy',
  'shopKeeperProtocol',
  'personalInfoConsent',
  'accountCancellation',
  'individualProtocol',
  'indComProtocol',
  'temporaryProtocol',
  'taxIndividualProtocol',
  'taxBankAgreement',
  'taxBankCommitment',
  'unbindAgreement',
  'unbindInstruction',
  'unbindInstructionEnt',
  'unbindTransfer',
  'commitment',
  'complianceNotice',
  'complianceDocument',
] as const;

export type AgreementType = (typeof AGREEMENT_TYPES)[number];

/**
 * Who must have accepted a type's current version: every signed-in shopper (the user agreement
 * and the privacy policy, shell §5), the shop's keepers and managers (the keeper service
 * agreement, shell §6), or nobody (read, or accepted where its own step asks for it).
 */
export type Required = 'everyone' | 'keeper' | null;

/** How the list page groups the types. */
export type AgreementGroup = 'account' | 'keeper' | 'certification' | 'compliance';

export interface AgreementTypeInfo {
  type: AgreementType;
  /** The title a version has unless its publisher names it otherwise. */
  name: string;
  /** One line on the list page: what it is about. */
  summary: string;
  group: AgreementGroup;
  required: Required;
}

const INFO: Record<AgreementType, Omit<AgreementTypeInfo, 'type'>> = {
  registrationProtocol: {
    name: '用户注册协议',
    summary: '注册、登录和使用本店服务的约定',
    group: 'account',
    required: 'everyone',
  },
  userPrivacyPolicy: {
    name: '隐私政策',
    summary: '我们如何收集、使用和保护你的个人信息',
    group: 'account',
    required: 'everyone',
  },
  personalInfoConsent: {
    name: '个人信息单独同意书',
    summary: '身份证件、银行账户等敏感个人信息的单独同意',
    group: 'account',
    required: null,
  },
  accountCancellation: {
    name: '账户注销须知',
    summary: '注销账户的条件、流程和后果',
    group: 'account',
    required: null,
  },
  shopKeeperProtocol: {
    name: '店主服务协议',
    summary: '店主推广、收益结算与提现的权利义务',
    group: 'keeper',
    required: 'keeper',
  },
  individualProtocol: {
    name: '个人店主认证协议',
    summary: '以个人身份完成店主认证的约定',
    group: 'certification',
    required: null,
  },
  indComProtocol: {
    name: '个体工商户认证协议',
    summary: '以个体工商户身份完成店主认证的约定',
    group: 'certification',
    required: null,
  },
  temporaryProtocol: {
    name: '临时经营协议',
    summary: '认证完成前临时经营期间的约定',
    group: 'certification',
    required: null,
  },
  taxIndividualProtocol: {
    name: '个人税务代办协议',
    summary: '经营所得的税务登记、申报与代征',
    group: 'certification',
    required: null,
  },
  taxBankAgreement: {
    name: '银行账户服务协议',
    summary: '收益结算银行账户的绑定与使用',
    group: 'certification',
    required: null,
  },
  taxBankCommitment: {
    name: '收款账户承诺书',
    summary: '承诺收款账户为本人所有、信息真实',
    group: 'certification',
    required: null,
  },
  unbindAgreement: {
    name: '店主解绑协议',
    summary: '解除店主关系的条件与效果',
    group: 'keeper',
    required: null,
  },
  unbindInstruction: {
    name: '个人店主解绑说明',
    summary: '个人店主解绑前后要做的事',
    group: 'keeper',
    required: null,
  },
  unbindInstructionEnt: {
    name: '企业店主解绑说明',
    summary: '企业和个体工商户店主解绑前后要做的事',
    group: 'keeper',
    required: null,
  },
  unbindTransfer: {
    name: '解绑余额处理说明',
    summary: '解绑时余额、提现和追回收益的处理',
    group: 'keeper',
    required: null,
  },
  commitment: {
    name: '商家承诺书',
    summary: '本店对商品质量、价格和售后的承诺',
    group: 'compliance',
    required: null,
  },
  complianceNotice: {
    name: '合规经营说明',
    summary: '本店依法经营的主体、资质与规则',
    group: 'compliance',
    required: null,
  },
  complianceDocument: {
    name: '合规文件',
    summary: '本店公示的资质与合规文件',
    group: 'compliance',
    required: null,
  },
};

export const GROUP_TITLES: Record<AgreementGroup, string> = {
  account: '用户协议',
  keeper: '店主协议',
  certification: '店主认证协议',
  compliance: '合规信息',
};

export const GROUP_ORDER: readonly AgreementGroup[] = [
  'account',
  'keeper',
  'certification',
  'compliance',
];

export function isAgreementType(value: string): value is AgreementType {
  return (AGREEMENT_TYPES as readonly string[]).includes(value);
}

/** Other names a link may give a type (`/legal-protocol/privacy`, commerce §2's example path). */
const ALIASES: Readonly<Record<string, AgreementType>> = {
  privacy: 'userPrivacyPolicy',
  registration: 'registrationProtocol',
  shopkeeper: 'shopKeeperProtocol',
};

/** The type a legal-protocol/{type} path names, or null. */
export function agreementTypeOf(segment: string): AgreementType | null {
  return isAgreementType(segment) ? segment : (ALIASES[segment] ?? null);
}

export function agreementInfo(type: AgreementType): AgreementTypeInfo {
  return { type, ...INFO[type] };
}

/**
 * Types a user signs on the agreement's own page when a step of theirs asks for it (the
 * separate consent before an ID or card is collected, the agreements before a payout): the page
 * offers 同意并签署 to a signed-in user who has not accepted the version in force.
 */
export function signedOnItsPage(type: AgreementType): boolean {
  return INFO[type].group === 'certification' || type === 'personalInfoConsent';
}

export const REQUIRED_FOR_EVERYONE: readonly AgreementType[] = AGREEMENT_TYPES.filter(
  (type) => INFO[type].required === 'everyone',
);

/**
 * The page that shows a type: the agreement pages of commerce §2 for the user agreement, the
 * privacy policy and the compliance texts, the certification group's pages (shell §2) for its
 * protocols and the unbinding texts, legal-protocol/{type} for the rest. `version` opens an
 * older version.
 */
export function agreementLink(type: AgreementType, version?: number): Exclude<LinkTarget, string> {
  // Only a version asked for: the current one's link names none, so it keeps naming the current.
  const query = { version };
  switch (type) {
    case 'registrationProtocol':
      return { name: 'registrationProtocol', query };
    case 'userPrivacyPolicy':
      return { name: 'userPrivacyPolicy', query };
    case 'commitment':
      return { name: 'commitment', query };
    case 'complianceNotice':
      return { name: 'complianceLandingPage', query };
    case 'complianceDocument':
      return { name: 'complianceDoc', query };
    case 'individualProtocol':
      return { name: 'individual-protocol', query };
    case 'indComProtocol':
      return { name: 'ind-com-protocol', query };
    case 'temporaryProtocol':
      return { name: 'temperary-protocol', query };
    case 'taxIndividualProtocol':
      return { name: 'taxIndividualProtocol', query };
    case 'taxBankAgreement':
      return { name: 'individual-taxBankAggrement', query };
    case 'taxBankCommitment':
    case 'unbindAgreement':
    case 'unbindInstruction':
    case 'unbindInstructionEnt':
    case 'unbindTransfer':
      return { name: type, query };
    default:
      return { name: 'legal-protocol-type', params: { type }, query };
  }
}

/**
 * The pages that show an agreement, and the manager's page that publishes them: no prompt to
 * accept an agreement over them (the agreement pages offer their own 同意).
 */
const AGREEMENT_ROUTES: ReadonlySet<string> = new Set([
  'agreement-setting',
  'legal-protocol',
  'legal-protocol-type',
  'registrationProtocol',
  'userPrivacyPolicy',
  'commitment',
  'complianceLandingPage',
  'complianceDoc',
  'individual-protocol',
  'individual-protocol-detail',
  'ind-com-protocol',
  'ind-com-protocol-detail',
  'temperary-protocol',
  'temperary-protocol-detail',
  'taxIndividualProtocol',
  'individual-taxBankAggrement',
  'taxBankCommitment',
  'unbindAgreement',
  'unbindInstruction',
  'unbindInstructionEnt',
  'unbindTransfer',
]);

export function isAgreementRoute(name: string): boolean {
  return AGREEMENT_ROUTES.has(name);
}
