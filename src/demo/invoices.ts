/**
 * The demo's invoicing: both shops issue e-invoices through the 诺诺 sandbox (shop 1001 专票 too),
 * as the seller the sandbox account is registered for; goods are taxed at 13 % with a short name
 * per category. The consumer keeps a company title (the default) and a personal one, and has asked
 * for an invoice on the received order in 1001: saved as applied, the invoice timer submits it
 * when the shop starts and the sandbox issues it seconds later. Both shops offer paper invoices;
 * on the consumer's order received in 1002 weeks ago a paper invoice was issued and mailed: its
 * parcel carries what Kuaidi100 (the sandbox) has pushed by now.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { OrderStatus } from '#lib/orders/index.ts';
import {
  DEFAULT_SHIP_FROM_CITY,
  sandboxStepState,
  sandboxTraces,
} from '#lib/orders/index.server.ts';
import { InvoiceStatus } from '#lib/invoices/index.ts';
import {
  nuonuoSeller,
  saveApplication,
  saveCategoryTax,
  saveInvoiceSettings,
  saveTitle,
} from '#lib/invoices/index.server.ts';
import type { DemoRole } from './identity.ts';
import { CATEGORIES } from './catalog-data.ts';
import { CONSUMER_ADDRESS, firstRunningSale, insertDemoOrder } from './orders.ts';

/** How the demo's goods print: 税收分类 short names by category (demo codes, 19 digits). */
const CATEGORY_TAXES: Partial<Record<(typeof CATEGORIES)[number]['key'], [string, string]>> = {
  shoes: ['鞋', '1040201010000000000'],
  bags: ['箱包', '1040203010000000000'],
  home: ['家居用品', '1060512990000000000'],
  beauty: ['化妆品', '1070222010000000000'],
};
const CLOTHES: [string, string] = ['服装', '1040101010000000000'];

/** A company of the demo (fictional), with a credit code that passes its check. */
export const DEMO_COMPANY_TITLE = {
  name: '杭州鹿鸣文化传媒有限公司',
  taxId: '91330106MA2DLM8K1P',
};

export async function seedInvoices(tx: Tx, now: Date, userId: Record<DemoRole, number>) {
  const seller = await nuonuoSeller(tx);
  for (const shopId of ['1001', '1002']) {
    await saveInvoiceSettings(
      tx,
      shopId,
      {
        enabled: true,
        specialEnabled: shopId === '1001',
        paperEnabled: true,
        sellerName: seller.name ?? '演示商贸有限公司',
        sellerTaxId: seller.taxNo,
        sellerAddress: '杭州市西湖区文三路90号',
        sellerPhone: '0571-88880000',
        sellerBank: '招商银行杭州西湖支行',
        sellerAccount: '571909876543210',
        taxCode: CLOTHES[1],
        taxShortName: CLOTHES[0],
        taxRateBp: 1300,
      },
      now,
    );
    const categories = await tx
      .select({ id: t.categories.id, name: t.categories.name })
      .from(t.categories);
    for (const category of CATEGORIES) {
      const tax = CATEGORY_TAXES[category.key];
      const row = categories.find((c) => c.name === category.name);
      if (!tax || !row) continue;
      await saveCategoryTax(tx, {
        shopId,
        categoryId: row.id,
        shortName: tax[0],
        taxCode: tax[1],
        rateBp: 1300,
      });
    }
  }
  const company = await saveTitle(
    tx,
    {
      userId: userId.consumer,
      kind: 'company',
      name: DEMO_COMPANY_TITLE.name,
      taxId: DEMO_COMPANY_TITLE.taxId,
      regAddress: '杭州市西湖区文三路90号8楼',
      regPhone: '0571-86660000',
      bank: '中国工商银行杭州文三路支行',
      account: '1202021109000012345',
      isDefault: true,
    },
    now,
  );
  await saveTitle(
    tx,
    { userId: userId.consumer, kind: 'personal', name: '鹿小姐', isDefault: false },
    now,
  );
  const [received] = await tx
    .select({ orderNo: t.orders.orderNo })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.userId, userId.consumer),
        eq(t.orders.shopId, '1001'),
        eq(t.orders.status, OrderStatus.Completed),
      ),
    )
    .limit(1);
  await seedMailedPaperInvoice(tx, now, userId.consumer, company.id);
  if (received) {
    await saveApplication(
      tx,
      {
        shopId: '1001',
        userId: userId.consumer,
        orderNo: received.orderNo,
        titleId: company.id,
        form: 'e-normal',
        mobile: '13800000001',
        email: 'finance@example.com',
      },
      now,
    );
  }
}

const HOUR = 3_600_000;

/**
 * The consumer's paper invoice in 1002, as the sandbox issued it the day after the order was
 * received and the owner mailed it that afternoon: applied through the area's own command, then
 * moved on as the provider's result and 寄出 left it, with its parcel's traces so far.
 */
async function seedMailedPaperInvoice(
  tx: Tx,
  now: Date,
  consumerId: number,
  titleId: number,
): Promise<void> {
  // The order, received weeks ago, numbered after every other demo order (theirs stay as they are).
  const [last] = await tx
    .select({
      serial: sql<number>`coalesce(max(substring(${t.orders.orderNo} from 6)::int), 0)::int`,
    })
    .from(t.orders)
    .where(sql`${t.orders.orderNo} ~ '^D[0-9]{12}$'`);
  const orderId = await insertDemoOrder(
    tx,
    now,
    Number(last?.serial ?? 0) + 1,
    {
      shopId: '1002',
      status: OrderStatus.Completed,
      placedHoursAgo: 20 * 24,
      lines: [{ sale: firstRunningSale('1002'), product: 1, quantity: 1 }],
      carrier: { code: 'JD', company: '京东物流', trackingNo: 'JDV000123456789' },
    },
    { buyerId: consumerId, distributorId: null, address: CONSUMER_ADDRESS },
  );
  const [received] = await tx
    .select({ id: t.orders.id, orderNo: t.orders.orderNo, address: t.orders.address })
    .from(t.orders)
    .where(eq(t.orders.id, orderId));
  if (!received) return;
  const appliedAt = new Date(now.getTime() - 12 * 24 * HOUR);
  const invoiceId = await saveApplication(
    tx,
    {
      shopId: '1002',
      userId: consumerId,
      orderNo: received.orderNo,
      titleId,
      form: 'paper-normal',
      mobile: '13800000001',
      email: null,
    },
    appliedAt,
  );
  const issuedAt = new Date(appliedAt.getTime() + 2 * 60_000);
  const mailedAt = new Date(appliedAt.getTime() + 5 * HOUR);
  const [invoice] = await tx
    .update(t.invoices)
    .set({
      status: InvoiceStatus.Issued,
      serialNo: `26${String(invoiceId).padStart(18, '0')}`,
      // 数电 numbers: the year, then the tax office (331: a paper invoice's, not the sandbox's 332).
      invoiceNo: `${String(issuedAt.getFullYear()).slice(2)}331${String(invoiceId).padStart(15, '0')}`,
      issuedAt,
      mailedAt,
      updatedAt: mailedAt,
    })
    .where(eq(t.invoices.id, invoiceId))
    .returning({ invoiceRef: t.invoices.invoiceRef });
  await tx.insert(t.invoiceEvents).values([
    {
      invoiceId,
      fromStatus: InvoiceStatus.Applied,
      toStatus: InvoiceStatus.Issuing,
      actor: 'timer',
      createdAt: new Date(appliedAt.getTime() + 1_000),
    },
    {
      invoiceId,
      fromStatus: InvoiceStatus.Issuing,
      toStatus: InvoiceStatus.Issued,
      actor: 'provider',
      createdAt: issuedAt,
    },
    {
      invoiceId,
      fromStatus: InvoiceStatus.Issued,
      toStatus: InvoiceStatus.Issued,
      actor: 'shop',
      note: '已寄出：顺丰速运 SF1408765432109',
      createdAt: mailedAt,
    },
  ]);
  const traces = sandboxTraces({
    carrier: 'SF',
    trackingNo: 'SF1408765432109',
    shippedAt: mailedAt,
    fromCity: DEFAULT_SHIP_FROM_CITY,
    to: received.address,
  }).filter((trace) => Date.parse(trace.time) <= now.getTime());
  const state = traces.length ? sandboxStepState(traces.length - 1) : null;
  const signed = state === '3' ? new Date(traces.at(-1)!.time) : null;
  await tx.insert(t.logistics).values({
    orderId: received.id,
    invoiceRef: invoice!.invoiceRef,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo: 'SF1408765432109',
    traces: [...traces].reverse(),
    latestTraceAt: traces.length ? new Date(traces.at(-1)!.time) : null,
    state,
    signedAt: signed,
    subscribeDueAt: signed ? null : now,
    createdAt: mailedAt,
  });
}
