/**
 * Distribution's endpoint contracts: the shop keeper's own money — balances, the wallet,
 * withdrawals, bank cards — and the owner's review of withdrawals. Every call is scoped to the
 * caller and the shop of the query; none takes a keeper id.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { MAINLAND_MOBILE } from '#lib/identity/index.ts';
import type { KeeperBalances } from '#lib/commission/index.server.ts';
import type {
  CashInfo,
  ReviewList,
  WalletMovement,
  WithdrawalDetail,
  WithdrawalView,
} from './withdrawals.server.ts';
import type { BankCardView } from './cards.server.ts';
import type { ReceiptRequest } from './wallet-payouts.server.ts';
import { BANKS, MAX_WITHDRAWAL_CENTS } from './withdrawal.ts';

/** A withdrawal number; one that is not a keeper's answers 提现记录不存在 from the command. */
const withdrawalNo = z.string().trim().min(1, '提现记录不存在').max(40, '提现记录不存在');
const cardId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const bankCode = z.enum(BANKS.map(([code]) => code) as [string, ...string[]], {
  error: '请选择开户银行',
});
const cardNumber = z
  .string()
  .trim()
  .regex(/^[\d\s-]{12,30}$/, '银行卡号有误，请核对后重新输入');
/** The phone the bank holds for the card (银行预留手机号). */
const reservedPhone = z.string().trim().regex(MAINLAND_MOBILE, '请输入正确的银行预留手机号');
const page = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
};
/** The longest reason an owner may give for rejecting a withdrawal. */
export const MAX_REJECT_REASON = 100;

export type { BankCardView, CashInfo, WalletMovement, WithdrawalDetail, WithdrawalView };

export const DistributionContracts = {
  /** The shop keeper's balance and frozen money, in cents. Shop keepers only. */
  profit: contract<{ balanceCents: number; frozenCents: number }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/profit',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /**
   * The owner's quarterly income report of the shop's keepers (国务院令第810号), as a CSV file:
   * per keeper and month, what was paid, the tax withheld and what reached them, masked.
   */
  payoutReport: contract<never>()({
    method: 'GET',
    path: '/api/member/xdwxh5/wallet/report',
    query: {
      shopBizCode: shopIdSchema,
      quarter: z.string().regex(/^\d{4}Q[1-4]$/, '请选择季度'),
    },
    access: 'signed-in',
  }),
  /** 我的钱包: balances and the movements of 可提现 and 待结算, newest first. */
  wallet: contract<{ balances: KeeperBalances; movements: WalletMovement[]; total: number }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/wallet/detail',
    query: { shopBizCode: shopIdSchema, ...page },
    access: { roles: ['D'] },
  }),
  /** 提现记录. */
  withdrawals: contract<{ list: WithdrawalView[]; total: number }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/wallet/withdrawals',
    query: { shopBizCode: shopIdSchema, ...page },
    access: { roles: ['D'] },
  }),
  /** What 申请提现 shows before confirming: available, minimum and limit, fee rule, cards. */
  cashInfo: contract<CashInfo>()({
    method: 'GET',
    path: '/api/member/xdwxh5/wallet/cashInfo',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /** 申请提现: the idempotency key makes a repeated submit one withdrawal. */
  cash: contract<{ withdrawalNo: string }>()({
    method: 'POST',
    path: '/api/member/xdwxh5/wallet/cash',
    query: { shopBizCode: shopIdSchema },
    body: {
      amountCents: z
        .number({ error: '请输入提现金额' })
        .int('请输入正确的金额')
        .min(1, '请输入提现金额')
        .max(MAX_WITHDRAWAL_CENTS * 10, '请输入正确的金额'),
      /** 微信零钱 (decision 033) or a bound bank card (the default). */
      destination: z.enum(['card', 'wechat'], { error: '请选择提现方式' }).default('card'),
      bankCardId: cardId.optional(),
      idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '请刷新页面后重新提交'),
    },
    access: { roles: ['D'] },
    message: '提现申请已提交',
  }),
  /** cash/{id}: one withdrawal with its timeline. */
  cashDetail: contract<WithdrawalDetail>()({
    method: 'GET',
    path: '/api/member/xdwxh5/wallet/cash/{withdrawalNo}',
    params: { withdrawalNo },
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /** 电子回单: the payout provider's e-receipt of a paid card withdrawal, as kept (an image or PDF). */
  eReceipt: contract<never>()({
    method: 'GET',
    path: '/api/member/xdwxh5/wallet/cash/{withdrawalNo}/eReceipt',
    params: { withdrawalNo },
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /** 确认收款: what opens WeChat's confirm-receipt sheet for a 待确认收款 withdrawal. */
  receipt: contract<ReceiptRequest>()({
    method: 'GET',
    path: '/api/member/xdwxh5/wallet/cash/{withdrawalNo}/receipt',
    params: { withdrawalNo },
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /** After the sheet: WeChat is asked about the bill; answers the withdrawal's status. */
  receiptCheck: contract<{ status: number; statusText: string }>()({
    method: 'POST',
    path: '/api/member/xdwxh5/wallet/cash/{withdrawalNo}/check',
    params: { withdrawalNo },
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /** 取消收款: an unconfirmed transfer is cancelled and the money comes back. */
  receiptCancel: contract<null>()({
    method: 'POST',
    path: '/api/member/xdwxh5/wallet/cash/{withdrawalNo}/cancel',
    params: { withdrawalNo },
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
    message: '已取消，金额已退回钱包',
  }),
  bankCards: contract<{ list: BankCardView[] }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/bankCard/list',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /** 获取验证码 of 绑定银行卡: the card checked, a code to the phone the bank holds for it. */
  bindCardCode: contract<{ phone: string }>()({
    method: 'POST',
    path: '/api/member/xdwxh5/bankCard/bind/code',
    query: { shopBizCode: shopIdSchema },
    body: { cardNo: cardNumber, bankCode: bankCode.optional(), phone: reservedPhone },
    access: { roles: ['D'] },
    message: '验证码已发送，请查收',
  }),
  /** 绑定银行卡: a personal debit card, held in the keeper's verified real name (not sent). */
  bindCard: contract<BankCardView>()({
    method: 'POST',
    path: '/api/member/xdwxh5/bankCard/bind',
    query: { shopBizCode: shopIdSchema },
    body: {
      cardNo: cardNumber,
      bankCode: bankCode.optional(),
      phone: reservedPhone,
      verifyCode: z
        .string()
        .trim()
        .regex(/^\d{6}$/, '请输入6位验证码'),
    },
    access: { roles: ['D'] },
    message: '绑定成功',
  }),
  /**
   * 云账户's notification of a card payout's order (a form: data, mess, timestamp, sign,
   * sign_type), answered `success` once verified and handled.
   */
  cardPayoutNotify: contract<never>()({
    method: 'POST',
    path: '/api/payout/yunzhanghu/notify',
    access: 'anyone',
  }),
  removeCard: contract<null>()({
    method: 'POST',
    path: '/api/member/xdwxh5/bankCard/remove',
    query: { shopBizCode: shopIdSchema },
    body: { cardId },
    access: { roles: ['D'] },
    message: '已解绑',
  }),
  /** 企业银行卡: saved while the provider sends a small amount to confirm the account. */
  bindEnterpriseCard: contract<BankCardView>()({
    method: 'POST',
    path: '/api/member/xdwxh5/bankCard/enterprise',
    query: { shopBizCode: shopIdSchema },
    body: {
      companyName: z.string().trim().min(2, '请输入正确的企业名称').max(50, '企业名称过长'),
      accountNo: z
        .string()
        .trim()
        .regex(/^[\d\s-]{8,40}$/, '银行卡号有误，请核对后重新输入'),
      bankCode,
    },
    access: { roles: ['D'] },
    message: '已向该账户打款，请查收后填写金额',
  }),
  /** 验证企业银行卡: the amount received, in yuan as typed (e.g. 0.37). */
  verifyEnterpriseCard: contract<BankCardView>()({
    method: 'POST',
    path: '/api/member/xdwxh5/bankCard/enterprise/verify',
    query: { shopBizCode: shopIdSchema },
    body: {
      cardId,
      amount: z
        .string()
        .trim()
        .regex(/^0\.\d{1,2}$/, '请输入收到的打款金额，如0.35'),
    },
    access: { roles: ['D'] },
    message: '验证成功',
  }),
  /** 提现审核 (the owner: the keepers'; a manager: the owner's own): waiting first. */
  reviewList: contract<ReviewList>()({
    method: 'GET',
    path: '/api/member/xdwxh5/wallet/review/list',
    query: { shopBizCode: shopIdSchema, status: z.enum(['waiting', 'all']).default('waiting') },
    access: { roles: ['D', 'M'] },
  }),
  review: contract<WithdrawalView>()({
    method: 'POST',
    path: '/api/member/xdwxh5/wallet/review',
    query: { shopBizCode: shopIdSchema },
    body: {
      withdrawalNo,
      approve: z.boolean(),
      reason: z
        .string()
        .trim()
        .max(MAX_REJECT_REASON, `驳回原因最多${MAX_REJECT_REASON}字`)
        .optional(),
    },
    access: { roles: ['D', 'M'] },
    message: '已处理',
  }),
};
