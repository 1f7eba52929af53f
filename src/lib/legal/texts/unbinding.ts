/**
 * What happens when a keeper leaves a shop (distributor/unbinding links here): the agreement they
 * accept by unbinding, the instructions for a person and for a company, and what becomes of their
 * balance, orders and records. The unbinding command enforces what these texts say: nothing
 * available, pending or under withdrawal, and no promotion order waiting for payment.
 */
import { CONTACT } from './account.ts';
import type { AgreementText } from './text.ts';

const LEFT_BEHIND = {
  heading: '解绑后保留的记录',
  paragraphs: [
    '依照《互联网平台企业涉税信息报送规定》和《中华人民共和国电子商务法》，你的身份信息、收入和纳税记录在解绑后仍由我们保存，自交易完成之日起不少于三年，仅用于依法报送和应对查询，期满后删除或匿名化。',
    '解绑后你成为本店的普通顾客，原有的购物订单、收货地址和优惠券不受影响。',
  ],
};

export const UNBIND_AGREEMENT: AgreementText = {
  title: '店主解绑协议',
  effectiveDate: '2025-06-01',
  intro: ['你申请解除与本店的店主关系（以下简称“解绑”）即表示同意本协议。'],
  sections: [
    {
      heading: '一、解绑的条件',
      paragraphs: [
        '解绑前，你的可提现余额、待结算收益和提现中的金额都须为零，且没有待付款的推广订单。有余额的，请先申请提现；待结算收益将在结算期满后转为可提现。',
        '本店的店铺主不能解绑。',
      ],
    },
    {
      heading: '二、解绑的效果',
      paragraphs: [
        '解绑后你不再获得本店的推广收益，已分享的链接不再为你计入收益；你邀请的店主和顾客关系保持不变，但不再为你产生收益。',
        '解绑不可撤销。你可以日后重新申请成为店主，重新认证并签署协议。',
      ],
    },
    { heading: '三、' + LEFT_BEHIND.heading, paragraphs: LEFT_BEHIND.paragraphs },
    { heading: '四、联系我们', paragraphs: [CONTACT] },
  ],
};

export const UNBIND_INSTRUCTION: AgreementText = {
  title: '个人店主解绑说明',
  effectiveDate: '2025-06-01',
  intro: ['以个人身份认证的店主，按以下步骤解绑。'],
  sections: [
    {
      heading: '一、解绑前',
      paragraphs: [
        '在「我的钱包」中把可提现余额全部提现，等待提现到账；待结算收益到期后一并提现。已代扣的个人所得税不因解绑退还，可在年度汇算时申报。',
      ],
    },
    {
      heading: '二、解绑时',
      paragraphs: ['在「解除店主绑定」页面向店主确认后，用绑定手机号收到的验证码完成解绑。'],
    },
    { heading: '三、' + LEFT_BEHIND.heading, paragraphs: LEFT_BEHIND.paragraphs },
  ],
};

export const UNBIND_INSTRUCTION_ENT: AgreementText = {
  title: '企业店主解绑说明',
  effectiveDate: '2025-06-01',
  intro: ['以企业或个体工商户身份认证的店主，按以下步骤解绑。'],
  sections: [
    {
      heading: '一、解绑前',
      paragraphs: [
        '把可提现余额全部提现至已核验的对公账户，并就已结算的收益向我们开具发票；发票未开具的，我们将暂缓解绑直至补开。',
      ],
    },
    {
      heading: '二、解绑时',
      paragraphs: [
        '由认证时登记的经营者或法定代表人本人在「解除店主绑定」页面完成解绑。对公账户在解绑后解除绑定。',
      ],
    },
    { heading: '三、' + LEFT_BEHIND.heading, paragraphs: LEFT_BEHIND.paragraphs },
  ],
};

export const UNBIND_TRANSFER: AgreementText = {
  title: '解绑余额处理说明',
  effectiveDate: '2025-06-01',
  intro: ['解绑不会让你的收益消失，也不会转给他人。'],
  sections: [
    {
      heading: '一、余额',
      paragraphs: [
        '解绑要求余额为零：可提现的请先提现；提现中的等待到账或被退回后再提现；待结算的在结算期满后转为可提现。',
        '订单退款导致已结算收益被追回、余额为负数的，须由后续收益抵扣或补足后才能解绑。',
      ],
    },
    {
      heading: '二、不会转移的',
      paragraphs: [
        '你的收益、优惠和推广关系不会转移给店铺或其他店主；你的银行卡在解绑后仍保留在你的账户中，可自行删除。',
      ],
    },
    { heading: '三、联系我们', paragraphs: [CONTACT] },
  ],
};
