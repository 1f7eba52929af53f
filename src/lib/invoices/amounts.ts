/**
 * What an order's invoice says: the cash the shopper paid, net of what came back. Each order line
 * is one item at what its goods were paid (the promotion and the coupon left out: the shop never
 * received those) less what was refunded on them; a line refunded in whole is no item. The
 * order's freight and freight insurance premium follow as items of their own. The tax within each
 * item follows from the rate of its category (价税合计, tax included).
 */
import type { InvoiceItem } from './provider.ts';

/** The rate when a shop names none for a category: 13 %, goods in general. */
export const DEFAULT_TAX_RATE_BP = 1300;

/** The tax rates a shop may print: the VAT rates of goods and services, and 0. */
export const TAX_RATES_BP = [1300, 900, 600, 300, 100, 0] as const;

/** How a category of goods is printed and taxed. */
export interface TaxCategory {
  /** 税收分类编码, 19 digits. */
  taxCode: string;
  /** The short name printed between asterisks, e.g. 鞋. */
  shortName: string;
  rateBp: number;
}

export interface PaidLine {
  productName: string;
  skuDesc: string;
  quantity: number;
  /** What the goods of the line were paid, in cents: its amount less promotion and coupon. */
  goodsCents: number;
  /** Its share of the order's freight and of the freight insurance premium. */
  freightCents: number;
  insuranceCents: number;
  /** What has been refunded on it, in cents (a refund pays the goods back, not the freight). */
  refundedCents: number;
  tax: TaxCategory;
}

/** The tax within a tax-included amount, rounded half away from zero to the cent. */
export function taxWithin(amountCents: number, rateBp: number): number {
  const sign = amountCents < 0 ? -1 : 1;
  const whole = Math.abs(amountCents);
  // round(whole * r / (1 + r)) in integers: r = rateBp / 10000.
  const tax = Math.floor((2 * whole * rateBp + (10_000 + rateBp)) / (2 * (10_000 + rateBp)));
  return sign * tax;
}

function item(
  name: string,
  spec: string,
  quantity: number,
  amountCents: number,
  tax: TaxCategory,
): InvoiceItem {
  return {
    name,
    taxCode: tax.taxCode,
    spec,
    unit: quantity === 1 && spec === '' ? '项' : '件',
    quantity,
    amountCents,
    taxRateBp: tax.rateBp,
    taxCents: taxWithin(amountCents, tax.rateBp),
  };
}

/**
 * The items of a blue invoice for what the lines are still paid for: each line's goods less what
 * was refunded on them, then the freight and the freight insurance premium of the order (sold
 * with the goods, taxed as the shop's goods are: `extras`), each as one item.
 */
export function invoiceItems(lines: readonly PaidLine[], extras: TaxCategory): InvoiceItem[] {
  const items: InvoiceItem[] = [];
  let freight = 0;
  let insurance = 0;
  for (const line of lines) {
    const goods = line.goodsCents - Math.min(line.refundedCents, line.goodsCents);
    // More refunded than the goods (never by the after-sale rules): taken off the extras.
    let over = Math.max(0, line.refundedCents - line.goodsCents);
    const lineFreight = line.freightCents - Math.min(over, line.freightCents);
    over -= line.freightCents - lineFreight;
    freight += lineFreight;
    insurance += line.insuranceCents - Math.min(over, line.insuranceCents);
    if (goods > 0) {
      items.push(
        item(
          `*${line.tax.shortName}*${line.productName}`,
          line.skuDesc,
          line.quantity,
          goods,
          line.tax,
        ),
      );
    }
  }
  if (freight > 0) items.push(item('*运输服务*运费', '', 1, freight, extras));
  if (insurance > 0) items.push(item('*保险服务*退货运费险', '', 1, insurance, extras));
  return items;
}

/** The red letter's items: the blue invoice's, each turned negative. */
export function reversedItems(items: readonly InvoiceItem[]): InvoiceItem[] {
  return items.map((item) => ({
    ...item,
    quantity: -item.quantity,
    amountCents: -item.amountCents,
    taxCents: -item.taxCents,
  }));
}

export interface InvoiceTotals {
  /** 价税合计. */
  amountCents: number;
  taxCents: number;
  /** 金额 (tax excluded). */
  netCents: number;
}

export function invoiceTotals(items: readonly InvoiceItem[]): InvoiceTotals {
  const amountCents = items.reduce((sum, item) => sum + item.amountCents, 0);
  const taxCents = items.reduce((sum, item) => sum + item.taxCents, 0);
  return { amountCents, taxCents, netCents: amountCents - taxCents };
}
