/**
 * The shop keepers' business in the demo: the ledger accounts, shop keeper 13800000003's
 * customers of shop 1001 (the demo consumer and three more, bound at their first visit), their
 * orders in every state, the commission those orders earned written into the ledger as the
 * commands would have (pending for paid orders, settled for orders completed before the
 * after-sale window), a bank card and past withdrawals (paid out, rejected, under review), and
 * the visits of the keeper's links over the last two weeks.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../client.server.ts';
import * as t from '../schema.ts';
import {
  keeperAccount,
  resolvePending,
  shopAccount,
  transfer,
} from '#lib/distribution/ledger.server.ts';
import {
  KeeperAccount,
  ShopAccount,
  TransferKind,
  TransferReason,
  transferId,
} from '#lib/distribution/ledger.ts';
import { ATTRIBUTION_MS } from '#lib/distribution/attribution.ts';
import { saveVerifiedCard } from '#lib/distribution/cards.server.ts';
import { WithdrawalStatus } from '#lib/distribution/status.ts';
import { MemberRole } from '#lib/membership/roles.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { shopDay } from '#lib/platform/time.ts';
import type { DemoRole } from './identity.ts';
import { DEMO_ORDER_COUNT, type DemoOrder, insertDemoOrder } from './orders.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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

/** The keeper's other customers: phone, nickname, days since they first came by the link. */
const CUSTOMERS = [
  { phone: '13900001001', nickname: '林小满', boundDaysAgo: 24 },
  { phone: '13900001002', nickname: '陈一一', boundDaysAgo: 12 },
  { phone: '13900001003', nickname: '王大可', boundDaysAgo: 3 },
] as const;

/** Their orders: settled (completed long ago), pending (completed lately, shipped, paid), unpaid. */
const CUSTOMER_ORDERS: (Omit<DemoOrder, 'buyer' | 'distributor'> & { customer: number })[] = [
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
];

/**
 * The keeper's customers and their orders (before the payments are seeded, so those orders
 * are paid like the others), and the consumer's binding to the keeper.
 */
export async function seedKeeperCustomers(
  tx: Tx,
  now: Date,
  userId: Record<DemoRole, number>,
): Promise<void> {
  const keeper = userId.owner1001;
  const customers = await tx
    .insert(t.users)
    .values(CUSTOMERS.map((c) => ({ phone: c.phone, nickname: c.nickname })))
    .returning({ id: t.users.id, phone: t.users.phone });
  const idOf = (i: number) => customers.find((c) => c.phone === CUSTOMERS[i]!.phone)!.id;
  await tx.insert(t.shopMembers).values(
    CUSTOMERS.map((c, i) => ({
      shopId: '1001',
      userId: idOf(i),
      role: MemberRole.Consumer,
      maxRole: MemberRole.Consumer,
      createdAt: new Date(now.getTime() - c.boundDaysAgo * DAY),
    })),
  );
  const bindings = [
    { userId: userId.consumer, boundDaysAgo: 20 },
    ...CUSTOMERS.map((c, i) => ({ userId: idOf(i), boundDaysAgo: c.boundDaysAgo })),
  ];
  await tx.insert(t.attributions).values(
    bindings.map((b) => {
      const boundAt = new Date(now.getTime() - b.boundDaysAgo * DAY);
      return {
        shopId: '1001',
        userId: b.userId,
        distributorId: keeper,
        boundAt,
        // Each purchase renews the binding; the demo's are all recent enough.
        expiresAt: new Date(now.getTime() + ATTRIBUTION_MS),
      };
    }),
  );
  for (const [i, plan] of CUSTOMER_ORDERS.entries()) {
    const { customer, ...order } = plan;
    const c = CUSTOMERS[customer]!;
    await insertDemoOrder(tx, now, DEMO_ORDER_COUNT + i + 1, order, {
      buyerId: idOf(customer),
      distributorId: keeper,
      address: {
        name: c.nickname,
        phone: c.phone,
        province: '浙江省',
        city: '杭州市',
        district: '余杭区',
        detail: `良渚街道 ${101 + i} 号`,
      },
    });
  }
  // Visits of the keeper's links, one row a day for two weeks.
  await tx.insert(t.linkVisits).values(
    Array.from({ length: 14 }, (_, d) => ({
      shopId: '1001',
      distributorId: keeper,
      day: shopDay(new Date(now.getTime() - d * DAY)),
      visits: 3 + ((d * 7) % 11),
    })),
  );
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

  // The keeper's card and withdrawals: one paid out, one rejected, one waiting for review.
  const keeper = userId.owner1001;
  const card = await saveVerifiedCard(tx, {
    userId: keeper,
    holderName: '张店主',
    digits: '6212261202011584340',
    bankCode: 'ICBC',
    createdAt: new Date(now.getTime() - 10 * DAY),
  });
  const available = await keeperAccount(tx, '1001', keeper, KeeperAccount.Available);
  const withdrawing = await keeperAccount(tx, '1001', keeper, KeeperAccount.Withdrawing);
  const payouts = await shopAccount(tx, '1001', ShopAccount.Payouts);
  const [balance] = await tx
    .select({ posted: t.ledgerAccounts.postedCents })
    .from(t.ledgerAccounts)
    .where(eq(t.ledgerAccounts.id, available));
  const plans = [
    { no: 'WD20260000000001', share: 0.3, daysAgo: 6, status: WithdrawalStatus.PaidOut },
    { no: 'WD20260000000002', share: 0.2, daysAgo: 4, status: WithdrawalStatus.Rejected },
    { no: 'WD20260000000003', share: 0.2, daysAgo: 1, status: WithdrawalStatus.Applied },
  ];
  for (const plan of plans) {
    const amountCents = Math.max(
      100,
      Math.floor((Number(balance!.posted) * plan.share) / 100) * 100,
    );
    const at = new Date(now.getTime() - plan.daysAgo * DAY);
    const reviewedAt = new Date(at.getTime() + 3 * HOUR);
    const paid = plan.status === WithdrawalStatus.PaidOut;
    const rejected = plan.status === WithdrawalStatus.Rejected;
    const [row] = await tx
      .insert(t.withdrawals)
      .values({
        withdrawalNo: plan.no,
        shopId: '1001',
        userId: keeper,
        bankCardId: card.id,
        cardLabel: `${card.bankName} ${card.cardNoMasked}`,
        amountCents,
        status: plan.status,
        outBillNo: paid ? `PO${plan.no}` : null,
        providerBillId: paid ? `SB${plan.no}` : null,
        reviewedBy: plan.status === WithdrawalStatus.Applied ? null : keeper,
        reviewedAt: plan.status === WithdrawalStatus.Applied ? null : reviewedAt,
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
    await move(transferId.withdraw(plan.no), available, withdrawing, TransferReason.Withdraw, at);
    const events: (typeof t.withdrawalEvents.$inferInsert)[] = [
      { withdrawalId: row!.id, toStatus: WithdrawalStatus.Applied, actor: 'keeper', createdAt: at },
    ];
    if (paid) {
      const paidAt = new Date(reviewedAt.getTime() + HOUR);
      await move(transferId.payout(plan.no), withdrawing, payouts, TransferReason.Payout, paidAt);
      events.push(
        {
          withdrawalId: row!.id,
          fromStatus: WithdrawalStatus.Applied,
          toStatus: WithdrawalStatus.Approved,
          actor: 'owner',
          createdAt: reviewedAt,
        },
        {
          withdrawalId: row!.id,
          fromStatus: WithdrawalStatus.Approved,
          toStatus: WithdrawalStatus.PaidOut,
          actor: 'provider',
          note: `SB${plan.no}`,
          createdAt: paidAt,
        },
      );
    }
    if (rejected) {
      await move(
        transferId.withdrawReturned(plan.no),
        withdrawing,
        available,
        TransferReason.WithdrawReturned,
        reviewedAt,
      );
      events.push({
        withdrawalId: row!.id,
        fromStatus: WithdrawalStatus.Applied,
        toStatus: WithdrawalStatus.Rejected,
        actor: 'owner',
        note: '银行卡信息需核对，请确认后重新申请',
        createdAt: reviewedAt,
      });
    }
    await tx.insert(t.withdrawalEvents).values(events);
  }
}
