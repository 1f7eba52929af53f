/**
 * The agreements of a shop keeper's certification (shell §2 shop certification group), version 1
 * as the platform gives them: as a person, as an individual business, the temporary terms while
 * certification is under way, the tax agency agreement and the settlement bank account.
 */
import { CONTACT } from './account.ts';
import type { AgreementText } from './text.ts';

const DISPUTES = {
  heading: '争议解决',
  paragraphs: [
    '本协议适用中华人民共和国法律。因本协议产生的争议，双方应协商解决；协商不成的，任何一方均可向本店经营者所在地有管辖权的人民法院提起诉讼。',
  ],
};

export const INDIVIDUAL_PROTOCOL: AgreementText = {
  title: '个人店主认证协议',
  effectiveDate: '2025-06-01',
  intro: [
    '本协议适用于以自然人身份完成店主认证的店主。你提交认证即表示同意本协议；本协议是《店主服务协议》的补充，二者不一致的，以本协议为准。',
  ],
  sections: [
    {
      heading: '一、认证资料',
      paragraphs: [
        '你需要提交本人的真实姓名、居民身份证号码和身份证件照片，并完成人脸或银行卡核验。认证资料须真实、有效，且与提现银行卡的开户名一致。',
        '身份信息属于敏感个人信息，我们将另行取得你的单独同意后处理，详见《个人信息单独同意书》。',
      ],
    },
    {
      heading: '二、收益的性质',
      paragraphs: [
        '你以个人身份取得的推广收益，按照《中华人民共和国个人所得税法》属于劳务报酬所得。我们作为扣缴义务人，在支付时依法预扣预缴个人所得税，并在收益明细中列明税额。',
        '依照《中华人民共和国电子商务法》第十条，个人从事零星小额交易活动的无需办理市场主体登记。你的推广收益持续、稳定地超出零星小额范围的，我们会提示你办理个体工商户登记并改签《个体工商户认证协议》。',
      ],
    },
    {
      heading: '三、你的承诺',
      paragraphs: [
        '你承诺以本人名义推广，不出借、出租认证身份，不替他人收取收益。认证信息发生变化的，应在 15 日内更新。',
      ],
    },
    { heading: '四、' + DISPUTES.heading, paragraphs: DISPUTES.paragraphs },
    { heading: '五、联系我们', paragraphs: [CONTACT] },
  ],
};

export const IND_COM_PROTOCOL: AgreementText = {
  title: '个体工商户认证协议',
  effectiveDate: '2025-06-01',
  intro: [
    '本协议适用于以个体工商户身份完成店主认证的店主。你提交认证即表示同意本协议；本协议是《店主服务协议》的补充，二者不一致的，以本协议为准。',
  ],
  sections: [
    {
      heading: '一、认证资料',
      paragraphs: [
        '你需要提交营业执照照片、统一社会信用代码、经营者姓名和身份证号码。营业执照须在有效期内，经营范围应包含商品销售或推广服务相关内容。',
        '营业执照信息发生变更、注销或被吊销的，你应在 15 日内通知我们并更新认证资料。',
      ],
    },
    {
      heading: '二、结算与发票',
      paragraphs: [
        '你的推广收益按经营所得结算，不再由我们代扣个人所得税。你应当在申请提现时向我们开具与提现金额一致的增值税发票，发票抬头以结算单所列为准。',
        '收益可以提现至个体工商户的对公账户，或营业执照所载经营者本人的银行卡。',
      ],
    },
    {
      heading: '三、税务责任',
      paragraphs: [
        '你应当依法办理税务登记、自行申报缴纳增值税及附加、个人所得税（经营所得）。因你未依法纳税产生的责任由你自行承担。',
      ],
    },
    { heading: '四、' + DISPUTES.heading, paragraphs: DISPUTES.paragraphs },
    { heading: '五、联系我们', paragraphs: [CONTACT] },
  ],
};

export const TEMPORARY_PROTOCOL: AgreementText = {
  title: '临时经营协议',
  effectiveDate: '2025-06-01',
  intro: [
    '你已成为店主但尚未完成认证的，在认证完成前按本协议临时经营。你开始推广即表示同意本协议。',
  ],
  sections: [
    {
      heading: '一、临时经营期',
      paragraphs: [
        '临时经营期自你成为店主之日起最长 90 日。期间你可以正常分享链接、查看订单和收益，但不能申请提现。',
        '临时经营期届满仍未完成认证的，你的店主功能将被暂停，直至认证完成；已产生的收益继续保留，不会作废。',
      ],
    },
    {
      heading: '二、收益的处理',
      paragraphs: [
        '临时经营期内产生的收益计入“待结算”，认证完成后按你认证的身份（个人或个体工商户）结算和纳税。',
      ],
    },
    {
      heading: '三、其他',
      paragraphs: [
        '临时经营期内你同样应当遵守《店主服务协议》的全部约定。认证完成后，本协议自动终止。',
      ],
    },
    { heading: '四、联系我们', paragraphs: [CONTACT] },
  ],
};

export const TAX_INDIVIDUAL_PROTOCOL: AgreementText = {
  title: '个人税务代办协议',
  effectiveDate: '2025-06-01',
  intro: [
    '为方便以个人身份取得推广收益的店主依法纳税，你可以委托我们合作的税务服务机构代为办理相关涉税事项。本协议是你与本店经营者及税务服务机构之间的委托协议。',
  ],
  sections: [
    {
      heading: '一、委托事项',
      paragraphs: [
        '你委托税务服务机构以你的名义办理：个人所得税的申报与缴纳；依你的申请向主管税务机关申请代开增值税普通发票；年度汇算清缴的提醒与资料准备。',
        '委托不改变你作为纳税人的身份，你仍可以通过个人所得税 App 查询以你的名义申报的记录。',
      ],
    },
    {
      heading: '二、你需要提供的信息',
      paragraphs: [
        '姓名、身份证号码、手机号码，以及与收益对应的结算单。税务服务机构仅为办理委托事项处理这些信息。',
      ],
    },
    {
      heading: '三、费用',
      paragraphs: ['代办服务不向你收取费用。依法应缴纳的税款从你的收益中扣缴，并在结算单中列明。'],
    },
    {
      heading: '四、委托的终止',
      paragraphs: [
        '你可以随时终止委托，终止后需自行办理纳税事项。已申报的税款不因委托终止而退还。',
      ],
    },
    { heading: '五、联系我们', paragraphs: [CONTACT] },
  ],
};

export const TAX_BANK_AGREEMENT: AgreementText = {
  title: '银行账户服务协议',
  effectiveDate: '2025-06-01',
  intro: ['本协议约定你绑定用于收益提现的银行账户的规则。你绑定银行卡即表示同意本协议。'],
  sections: [
    {
      heading: '一、账户要求',
      paragraphs: [
        '个人店主只能绑定本人名下的中国大陆借记卡；个体工商户可以绑定对公账户或经营者本人的借记卡；企业只能绑定对公账户。',
        '绑定时我们会通过银行或支付机构核验开户名、卡号、身份证号和预留手机号是否一致；对公账户通过小额打款核验。',
      ],
    },
    {
      heading: '二、资金结算',
      paragraphs: [
        '提现款项由我们委托的支付机构支付至你绑定的账户。因账户信息错误、账户冻结或注销导致付款失败的，款项退回你的可提现余额，你更正信息后可以重新申请。',
      ],
    },
    {
      heading: '三、账户安全',
      paragraphs: [
        '你应妥善保管银行卡和预留手机号。更换绑定账户需要重新核验，变更期间的提现申请将暂停处理。',
      ],
    },
    { heading: '四、联系我们', paragraphs: [CONTACT] },
  ],
};

export const TAX_BANK_COMMITMENT: AgreementText = {
  title: '收款账户承诺书',
  effectiveDate: '2025-06-01',
  intro: ['本人就用于收取推广收益的银行账户作出以下承诺。'],
  sections: [
    {
      heading: '一、账户归属',
      paragraphs: [
        '本人绑定的收款账户为本人（或本人认证的个体工商户、企业）名下的真实账户，不出借、出租他人账户，也不为他人代收款项。',
      ],
    },
    {
      heading: '二、信息真实',
      paragraphs: [
        '本人提交的姓名、身份证号、银行卡号和预留手机号真实、一致。因信息不实导致付款失败、错付或涉税风险的，由本人承担。',
      ],
    },
    {
      heading: '三、变更通知',
      paragraphs: ['账户注销、冻结或变更的，本人将在提现前更换绑定账户并重新核验。'],
    },
  ],
};
