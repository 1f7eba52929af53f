/**
 * The shop keepers' business in the demo: the ledger accounts, shop keeper 13800000003's
 * customers of shop 1001 (the demo consumer and three more, bound at their first visit) and
 * 13800000006's of shop 1002 (three more), their orders in every state, the commission those
 * orders earned written into the ledger as the commands would have (pending for paid orders,
 * settled for orders completed before the after-sale window), a verified real name, a bank card
 * in that name and past withdrawals (paid out, rejected, under review — the owners' own decided
 * by the shop's manager), the visits of the keeper's links over two weeks, and in each shop a
 * second keeper whose withdrawal waits for the owner (decision 042).
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import {
  keeperAccount,
  resolvePending,
  shopAccount,
  transfer,
} from '#lib/commission/index.server.ts';
import {
  KeeperAccount,
  ShopAccount,
  TransferKind,
  TransferReason,
  transferId,
} from '#lib/commission/index.ts';
import { ATTRIBUTION_MS } from '#lib/attribution/index.ts';
import { saveVerifiedCard } from '#lib/distribution/index.server.ts';
import { saveRealName } from '#lib/identity/index.server.ts';
import {
  PAYOUT_AGREEMENTS,
  saveCertificationDraft,
  storeCertificationPhoto,
  submitCertification,
  voidLabourTax,
  withholdLabourTax,
} from '#lib/certification/index.server.ts';
import { acceptInForce } from '#lib/legal/index.server.ts';
import { localProvider } from '#lib/identity/index.server.ts';
import { WithdrawalStatus } from '#lib/distribution/index.ts';
import type { BankCode } from '#lib/distribution/index.ts';
import { MemberRole } from '#lib/membership/index.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/index.ts';
import { shopDay } from '#lib/platform/time.ts';
import type { DemoRole } from './identity.ts';
import { DEMO_ORDER_COUNT, type DemoOrder, insertDemoOrder } from './orders.ts';

import sharp from 'sharp';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A demo ID photo: a plain card of the ID's proportions, in the ID's tint (no person on it). */
const demoCardPhoto = async (background: string) =>
  new Uint8Array(
    await sharp({ create: { width: 428, height: 270, channels: 3, background } })
      .jpeg({ quality: 70 })
      .toBuffer(),
  );

export async function seedLedger(tx: Tx, userId: Record<DemoRole, number>): Promise<void> {
  for (const [shopId, owner] of [
    ['1001', userId.owner1001],
    ['1002', userId.owner1002],
  ] as const) {
    await shopAccount(tx, shopId, ShopAccount.Commission);
    await shopAccount(tx, shopId, ShopAccount.Payouts);
    await keeperAccount(tx, shopId, owner, KeeperAccount.Available);
  }
}

interface KeeperCustomer {
  phone: string;
  nickname: string;
  /** Days since they first came by the keeper's link. */
  boundDaysAgo: number;
}

type KeeperOrder = Omit<DemoOrder, 'buyer' | 'distributor'> & { customer: number };

interface WithdrawalPlan {
  no: string;
  /** The part of the available balance it asks for. */
  share: number;
  daysAgo: number;
  status: WithdrawalStatus;
}

/** One shop keeper's business: customers bound by link, their orders, a card and withdrawals. */
export interface KeeperPlan {
  shopId: string;
  keeper: DemoRole;
  customers: KeeperCustomer[];
  /** Settled (completed long ago), pending (completed lately, shipped, paid), unpaid. */
  orders: KeeperOrder[];
  /** The serial of its first order (orders.ts numbers the demo orders on from one). */
  firstSerial: number;
  district: string;
  money: KeeperMoney;
}

/** A keeper's verified real name, the card held in it, and their withdrawals. */
export interface KeeperMoney {
  realName: { name: string; idNumber: string };
  card: { digits: string; bankCode: BankCode };
  withdrawals: WithdrawalPlan[];
}

/** Who decided a seeded withdrawal: the shop's owner, or (the owner's own) its manager. */
interface Reviewer {
  id: number;
  as: 'owner' | 'manager';
}

/** Shop keeper 13800000003 of shop 1001 (the demo consumer is bound to them too). */
export const KEEPER_1001: KeeperPlan = {
  shopId: '1001',
  keeper: 'owner1001',
  customers: [
    { phone: '13900001001', nickname: '林小满', boundDaysAgo: 24 },
    { phone: '13900001002', nickname: '陈一一', boundDaysAgo: 12 },
    { phone: '13900001003', nickname: '王大可', boundDaysAgo: 3 },
  ],
  orders: [
    {
      customer: 0,
      shopId: '1001',
      status: OrderStatus.Completed,
      placedHoursAgo: 22 * 24,
      lines: [{ sale: 'liziRunning', product: 2, quantity: 2 }],
      carrier: { code: 'SF', company: '顺丰速运', trackingNo: 'SF1403567800001' },
    },
    {
      customer: 1,
      shopId: '1001',
      status: OrderStatus.Completed,
      placedHoursAgo: 13 * 24,
      lines: [
        { sale: 'bailuRunning', product: 1, quantity: 1 },
        { sale: 'bailuRunning', product: 2, quantity: 1 },
      ],
      carrier: { code: 'ZTO', company: '中通快递', trackingNo: '78312345600002' },
    },
    {
      customer: 0,
      shopId: '1001',
      status: OrderStatus.Completed,
      placedHoursAgo: 5 * 24,
      lines: [{ sale: 'hemuRunning', product: 2, quantity: 1 }],
      carrier: { code: 'YTO', company: '圆通速递', trackingNo: 'YT6612345600003' },
    },
    {
      customer: 1,
      shopId: '1001',
      status: OrderStatus.Shipped,
      placedHoursAgo: 40,
      lines: [{ sale: 'jijianRunning', product: 1, quantity: 1 }],
      carrier: { code: 'YD', company: '韵达快递', trackingNo: '4312345600004' },
    },
    {
      customer: 2,
      shopId: '1001',
      status: OrderStatus.Paid,
      placedHoursAgo: 8,
      lines: [{ sale: 'senyeRunning', product: 1, quantity: 1 }],
    },
    {
      customer: 2,
      shopId: '1001',
      status: OrderStatus.AwaitingPayment,
      placedHoursAgo: 0,
      lines: [{ sale: 'yuedongRunning', product: 1, quantity: 1 }],
    },
  ],
  firstSerial: DEMO_ORDER_COUNT + 1,
  district: '余杭区',
  money: {
    realName: { name: '林店主', idNumber: '330110198803120040' },
    card: { digits: '6212261202011584340', bankCode: 'ICBC' },
    // One paid out, one rejected, one waiting for review (by the shop's manager).
    withdrawals: [
      { no: 'WD20260000000001', share: 0.3, daysAgo: 6, status: WithdrawalStatus.PaidOut },
      { no: 'WD20260000000002', share: 0.2, daysAgo: 4, status: WithdrawalStatus.Rejected },
      { no: 'WD20260000000003', share: 0.2, daysAgo: 1, status: WithdrawalStatus.Applied },
    ],
  },
};

/** Shop keeper 13800000006 of shop 1002: seeded after everything else (serial ids stay). */
export const KEEPER_1002: KeeperPlan = {
  shopId: '1002',
  keeper: 'owner1002',
  customers: [
    { phone: '13900002001', nickname: '橙小柚', boundDaysAgo: 26 },
    { phone: '13900002002', nickname: '何晓川', boundDaysAgo: 15 },
    { phone: '13900002003', nickname: '苏苗苗', boundDaysAgo: 4 },
  ],
  orders: [
    {
      customer: 0,
      shopId: '1002',
      status: OrderStatus.Completed,
      placedHoursAgo: 24 * 24,
      lines: [{ sale: 'hemuRunning', product: 0, quantity: 2 }],
      carrier: { code: 'SF', company: '顺丰速运', trackingNo: 'SF1403567800101' },
    },
    {
      customer: 1,
      shopId: '1002',
      status: OrderStatus.Completed,
      placedHoursAgo: 14 * 24,
      lines: [
        { sale: 'xiaomanRunning', product: 0, quantity: 1 },
        { sale: 'xiaomanRunning', product: 1, quantity: 1 },
      ],
      carrier: { code: 'ZTO', company: '中通快递', trackingNo: '78312345600102' },
    },
    {
      customer: 0,
      shopId: '1002',
      status: OrderStatus.Completed,
      placedHoursAgo: 4 * 24,
      lines: [{ sale: 'jijianRunning', product: 0, quantity: 1 }],
      carrier: { code: 'YTO', company: '圆通速递', trackingNo: 'YT6612345600103' },
    },
    {
      customer: 1,
      shopId: '1002',
      status: OrderStatus.Shipped,
      placedHoursAgo: 36,
      lines: [{ sale: 'hemuRunning', product: 1, quantity: 1 }],
      carrier: { code: 'YD', company: '韵达快递', trackingNo: '4312345600104' },
    },
    {
      customer: 2,
      shopId: '1002',
      status: OrderStatus.Paid,
      placedHoursAgo: 5,
      lines: [{ sale: 'xiaomanRunning', product: 2, quantity: 1 }],
    },
    {
      customer: 2,
      shopId: '1002',
      status: OrderStatus.AwaitingPayment,
      placedHoursAgo: 0,
      lines: [{ sale: 'jijianRunning', product: 1, quantity: 1 }],
    },
    // A 仅退款 for the owner to review.
    {
      customer: 1,
      shopId: '1002',
      status: OrderStatus.Paid,
      placedHoursAgo: 28,
      lines: [{ sale: 'hemuRunning', product: 2, quantity: 1 }],
      refundFirstLine: true,
    },
  ],
  firstSerial: DEMO_ORDER_COUNT + KEEPER_1001.orders.length + 1,
  district: '拱墅区',
  money: {
    realName: { name: '陈店主', idNumber: '330105199006150021' },
    card: { digits: '6214830571234565', bankCode: 'CMB' },
    withdrawals: [
      { no: 'WD20260000000101', share: 0.4, daysAgo: 5, status: WithdrawalStatus.PaidOut },
      { no: 'WD20260000000102', share: 0.2, daysAgo: 1, status: WithdrawalStatus.Applied },
    ],
  },
};

/** A second keeper of each shop, whose settled commission and withdrawal wait for the owner. */
export const SECOND_KEEPERS = [
  {
    shopId: '1001',
    phone: '13900001009',
    nickname: '许小店',
    settledCents: 12_800,
    money: {
      realName: { name: '许晓岚', idNumber: '330110199502180028' },
      card: { digits: '6217001234567890003', bankCode: 'CCB' },
      withdrawals: [
        { no: 'WD20260000000004', share: 0.5, daysAgo: 0.25, status: WithdrawalStatus.Applied },
      ],
    },
  },
  {
    shopId: '1002',
    phone: '13900002009',
    nickname: '何小店',
    settledCents: 9_600,
    money: {
      realName: { name: '何嘉怡', idNumber: '330105199309270047' },
      card: { digits: '6217001234567890011', bankCode: 'CCB' },
      withdrawals: [
        { no: 'WD20260000000103', share: 0.5, daysAgo: 0.25, status: WithdrawalStatus.Applied },
      ],
    },
  },
] as const satisfies readonly {
  shopId: string;
  phone: string;
  nickname: string;
  settledCents: number;
  money: KeeperMoney;
}[];

/**
 * The keeper's customers and their orders (before the payments are seeded, so those orders
 * are paid like the others), and the consumer's binding to the keeper.
 */
export async function seedKeeperCustomers(
  tx: Tx,
  now: Date,
  userId: Record<DemoRole, number>,
): Promise<void> {
  await seedCustomersOf(tx, now, userId, KEEPER_1001, [
    { userId: userId.consumer, boundDaysAgo: 20 },
  ]);
}

/**
 * A keeper's customers (members of the shop bound to the keeper), their orders and the visits
 * of the keeper's links over two weeks; answers the ids of the orders placed.
 */
export async function seedCustomersOf(
  tx: Tx,
  now: Date,
  userId: Record<DemoRole, number>,
  plan: KeeperPlan,
  alsoBound: { userId: number; boundDaysAgo: number }[] = [],
): Promise<number[]> {
  const keeper = userId[plan.keeper];
  const customers = await tx
    .insert(t.users)
    .values(plan.customers.map((c) => ({ phone: c.phone, nickname: c.nickname })))
    .returning({ id: t.users.id, phone: t.users.phone });
  const idOf = (i: number) => customers.find((c) => c.phone === plan.customers[i]!.phone)!.id;
  await tx.insert(t.shopMembers).values(
    plan.customers.map((c, i) => ({
      shopId: plan.shopId,
      userId: idOf(i),
      role: MemberRole.Consumer,
      maxRole: MemberRole.Consumer,
      createdAt: new Date(now.getTime() - c.boundDaysAgo * DAY),
    })),
  );
  const bindings = [
    ...alsoBound,
    ...plan.customers.map((c, i) => ({ userId: idOf(i), boundDaysAgo: c.boundDaysAgo })),
  ];
  await tx.insert(t.attributions).values(
    bindings.map((b) => {
      const boundAt = new Date(now.getTime() - b.boundDaysAgo * DAY);
      return {
        shopId: plan.shopId,
        userId: b.userId,
        distributorId: keeper,
        boundAt,
        // Each purchase renews the binding; the demo's are all recent enough.
        expiresAt: new Date(now.getTime() + ATTRIBUTION_MS),
      };
    }),
  );
  const orderIds: number[] = [];
  for (const [i, planned] of plan.orders.entries()) {
    const { customer, ...order } = planned;
    const c = plan.customers[customer]!;
    orderIds.push(
      await insertDemoOrder(tx, now, plan.firstSerial + i, order, {
        buyerId: idOf(customer),
        distributorId: keeper,
        address: {
          name: c.nickname,
          phone: c.phone,
          province: '浙江省',
          city: '杭州市',
          district: plan.district,
          detail: `良渚街道 ${101 + i} 号`,
        },
      }),
    );
  }
  // Visits of the keeper's links, one row a day for two weeks.
  await tx.insert(t.linkVisits).values(
    Array.from({ length: 14 }, (_, d) => ({
      shopId: plan.shopId,
      distributorId: keeper,
      day: shopDay(new Date(now.getTime() - d * DAY)),
      visits: 3 + ((d * 7) % 11),
    })),
  );
  return orderIds;
}

/**
 * The ledger the demo orders imply, then the keeper's card and withdrawals: what the commands
 * would have written when the orders were paid, completed and settled.
 */
export async function seedKeeperMoney(
  tx: Tx,
  now: Date,
  userId: Record<DemoRole, number>,
): Promise<void> {
  await seedCommission(tx, now);
  await seedWithdrawals(tx, now, '1001', userId.owner1001, KEEPER_1001.money, {
    id: userId.manager1001,
    as: 'manager',
  });
}

/**
 * The commission of paid demo orders with a keeper, as the commands write it: pending when paid,
 * settled once the after-sale window after completion has passed. `orderIds`: only these orders.
 */
export async function seedCommission(tx: Tx, now: Date, orderIds?: number[]): Promise<void> {
  const lines = await tx
    .select({
      id: t.orderLines.id,
      profitCents: t.orderLines.profitCents,
      refundStatus: t.orderLines.refundStatus,
      shopId: t.orders.shopId,
      distributorId: t.orders.distributorId,
      paidAt: t.orders.paidAt,
      completedAt: t.orders.completedAt,
      settleDays: t.shops.commissionSettleDays,
    })
    .from(t.orderLines)
    .innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId))
    .innerJoin(t.shops, eq(t.shops.id, t.orders.shopId))
    .where(
      and(
        isNotNull(t.orders.distributorId),
        isNotNull(t.orders.paidAt),
        sql`${t.orders.status} <> ${OrderStatus.Cancelled}`,
        sql`${t.orderLines.profitCents} > 0`,
        orderIds ? inArray(t.orders.id, orderIds) : undefined,
      ),
    )
    .orderBy(asc(t.orderLines.id));
  for (const line of lines) {
    const pendingId = transferId.commission(line.id);
    await transfer(tx, {
      id: pendingId,
      kind: TransferKind.Pending,
      debitAccountId: await shopAccount(tx, line.shopId, ShopAccount.Commission),
      creditAccountId: await keeperAccount(
        tx,
        line.shopId,
        line.distributorId!,
        KeeperAccount.Available,
      ),
      amountCents: line.profitCents,
      reason: TransferReason.Commission,
      orderLineId: line.id,
      now: line.paidAt!,
    });
    if (line.refundStatus === RefundStatus.Approved) continue;
    const settleAt = line.completedAt
      ? new Date(line.completedAt.getTime() + line.settleDays * DAY)
      : null;
    if (settleAt && settleAt <= now) {
      await resolvePending(tx, {
        id: transferId.settle(pendingId),
        pendingId,
        kind: TransferKind.Post,
        reason: TransferReason.Settle,
        now: settleAt,
      });
    }
  }
}

/**
 * A keeper certified as a person (个人认证) a fortnight ago, with the agreements of a person's
 * payouts signed then: what the payout gate asks before every withdrawal.
 */
async function certifyPerson(tx: Tx, now: Date, shopId: string, userId: number): Promise<void> {
  const at = new Date(now.getTime() - 14 * DAY);
  const signed = { shopId, userId, clientIp: null, userAgent: null, via: 'page' as const, now: at };
  // The separate consent first: nothing of theirs is collected before it.
  await acceptInForce(tx, signed, ['personalInfoConsent']);
  const photo = async (background: string) =>
    (
      await storeCertificationPhoto(tx, {
        shopId,
        userId,
        upload: await demoCardPhoto(background),
        now: at,
      })
    ).photoId;
  await saveCertificationDraft(tx, {
    shopId,
    userId,
    draft: {
      kind: 'individual',
      idFrontPhotoId: await photo('#dfe9f2'),
      idBackPhotoId: await photo('#e9f2df'),
      documentValidUntil: '2038-03-12',
    },
    now: at,
  });
  await submitCertification(tx, { shopId, userId, now: at });
  await acceptInForce(tx, signed, PAYOUT_AGREEMENTS.individual);
}

/**
 * The keeper's verified real name, the card held in it, and their withdrawals, each moving the
 * ledger as the withdrawal commands do and decided by `reviewer`.
 */
export async function seedWithdrawals(
  tx: Tx,
  now: Date,
  shopId: string,
  keeper: number,
  plan: KeeperMoney,
  reviewer: Reviewer,
): Promise<void> {
  await saveRealName(tx, keeper, plan.realName, localProvider);
  await certifyPerson(tx, now, shopId, keeper);
  const card = await saveVerifiedCard(tx, {
    userId: keeper,
    ...plan.card,
    createdAt: new Date(now.getTime() - 10 * DAY),
  });
  const available = await keeperAccount(tx, shopId, keeper, KeeperAccount.Available);
  const withdrawing = await keeperAccount(tx, shopId, keeper, KeeperAccount.Withdrawing);
  const payouts = await shopAccount(tx, shopId, ShopAccount.Payouts);
  const [balance] = await tx
    .select({ posted: t.ledgerAccounts.postedCents })
    .from(t.ledgerAccounts)
    .where(eq(t.ledgerAccounts.id, available));
  for (const w of plan.withdrawals) {
    const amountCents = Math.max(100, Math.floor((Number(balance!.posted) * w.share) / 100) * 100);
    const at = new Date(now.getTime() - w.daysAgo * DAY);
    const reviewedAt = new Date(at.getTime() + 3 * HOUR);
    const paid = w.status === WithdrawalStatus.PaidOut;
    const rejected = w.status === WithdrawalStatus.Rejected;
    // The tax withheld as the payout gate records it; a rejected one's no longer counts.
    const { taxCents } = await withholdLabourTax(tx, {
      withdrawalNo: w.no,
      shopId,
      userId: keeper,
      incomeCents: amountCents,
      now: at,
    });
    if (rejected) await voidLabourTax(tx, { withdrawalNo: w.no, now: reviewedAt });
    const [row] = await tx
      .insert(t.withdrawals)
      .values({
        withdrawalNo: w.no,
        shopId,
        userId: keeper,
        bankCardId: card.id,
        cardLabel: `${card.bankName} ${card.cardNoMasked}`,
        amountCents,
        taxCents,
        status: w.status,
        outBillNo: paid ? `PO${w.no}` : null,
        providerBillId: paid ? `SB${w.no}` : null,
        reviewedBy: w.status === WithdrawalStatus.Applied ? null : reviewer.id,
        reviewedAt: w.status === WithdrawalStatus.Applied ? null : reviewedAt,
        rejectReason: rejected ? '银行卡信息需核对，请确认后重新申请' : null,
        paidAt: paid ? new Date(reviewedAt.getTime() + HOUR) : null,
        createdAt: at,
      })
      .returning({ id: t.withdrawals.id });
    const move = (id: string, debit: number, credit: number, reason: TransferReason, when: Date) =>
      transfer(tx, {
        id,
        kind: TransferKind.Posted,
        debitAccountId: debit,
        creditAccountId: credit,
        amountCents,
        reason,
        withdrawalId: row!.id,
        now: when,
      });
    await move(transferId.withdraw(w.no), available, withdrawing, TransferReason.Withdraw, at);
    const events: (typeof t.withdrawalEvents.$inferInsert)[] = [
      { withdrawalId: row!.id, toStatus: WithdrawalStatus.Applied, actor: 'keeper', createdAt: at },
    ];
    if (paid) {
      const paidAt = new Date(reviewedAt.getTime() + HOUR);
      await move(transferId.payout(w.no), withdrawing, payouts, TransferReason.Payout, paidAt);
      events.push(
        {
          withdrawalId: row!.id,
          fromStatus: WithdrawalStatus.Applied,
          toStatus: WithdrawalStatus.Approved,
          actor: reviewer.as,
          createdAt: reviewedAt,
        },
        {
          withdrawalId: row!.id,
          fromStatus: WithdrawalStatus.Approved,
          toStatus: WithdrawalStatus.PaidOut,
          actor: 'provider',
          note: `SB${w.no}`,
          createdAt: paidAt,
        },
      );
    }
    if (rejected) {
      await move(
        transferId.withdrawReturned(w.no),
        withdrawing,
        available,
        TransferReason.WithdrawReturned,
        reviewedAt,
      );
      events.push({
        withdrawalId: row!.id,
        fromStatus: WithdrawalStatus.Applied,
        toStatus: WithdrawalStatus.Rejected,
        actor: reviewer.as,
        note: '银行卡信息需核对，请确认后重新申请',
        createdAt: reviewedAt,
      });
    }
    await tx.insert(t.withdrawalEvents).values(events);
  }
}

/**
 * Each shop's second keeper (seeded last, so serial ids stay): a member of role 3 with settled
 * commission, a card and a withdrawal waiting for the owner's review.
 */
export async function seedSecondKeepers(tx: Tx, now: Date): Promise<void> {
  for (const plan of SECOND_KEEPERS) {
    const [keeper] = await tx
      .insert(t.users)
      .values({ phone: plan.phone, nickname: plan.nickname })
      .returning({ id: t.users.id });
    const [shop] = await tx
      .select({ ownerId: t.shops.ownerUserId })
      .from(t.shops)
      .where(eq(t.shops.id, plan.shopId));
    await tx.insert(t.shopMembers).values({
      shopId: plan.shopId,
      userId: keeper!.id,
      role: MemberRole.Distributor,
      maxRole: MemberRole.Distributor,
      level: 1,
      signAgreement: true,
      createdAt: new Date(now.getTime() - 30 * DAY),
    });
    // What their customers' completed orders settled to them, as one settlement.
    await transfer(tx, {
      id: transferId.settle(`demo:keeper:${keeper!.id}`),
      kind: TransferKind.Posted,
      debitAccountId: await shopAccount(tx, plan.shopId, ShopAccount.Commission),
      creditAccountId: await keeperAccount(tx, plan.shopId, keeper!.id, KeeperAccount.Available),
      amountCents: plan.settledCents,
      reason: TransferReason.Settle,
      now: new Date(now.getTime() - 3 * DAY),
    });
    await seedWithdrawals(tx, now, plan.shopId, keeper!.id, plan.money, {
      id: shop!.ownerId!,
      as: 'owner',
    });
  }
}
