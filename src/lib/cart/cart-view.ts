/**
 * The cart as the cart page shows it (pure, isomorphic): the shopper's lines grouped by sale, the
 * lines that can no longer be bought in their own 失效商品 group with the reason, and the totals
 * of the selected lines, priced by priceBasket (N件X折 charged on full groups, no freight: the
 * confirmation page adds it). cart.server.ts reads the rows; the island shows the view.
 */
import { priceBasket, ruleLabel, type BasketLine, type NpieceRule } from '#lib/catalog/index.ts';
import { saleState } from '#lib/catalog/index.ts';
import { MAX_PIECES_PER_SKU } from './limits.ts';

/** Why a line can no longer be bought; the first that applies is shown. */
export const InvalidReason = {
  ProductGone: '商品已下架',
  SaleEnded: '活动已结束',
  SaleNotStarted: '活动未开始',
  SoldOut: '已售罄',
} as const;
export type InvalidReason = (typeof InvalidReason)[keyof typeof InvalidReason];

/** One cart line as read from the database: priced now, with what decides whether it sells. */
export interface CartRow {
  skuNo: string;
  productNo: string;
  name: string;
  color: string;
  size: string;
  /** The SKU's picture, else the product's cover, already sized; null when there is none. */
  imageUrl: string | null;
  /** Today's unit price and market price (catalog/pricing). */
  priceCents: number;
  marketPriceCents: number;
  quantity: number;
  stock: number;
  selected: boolean;
  productPublished: boolean;
  /** The product's sale; null for a product in no sale. */
  sale: {
    activityNo: string;
    title: string;
    rule: NpieceRule | null;
    startAt: Date;
    endAt: Date;
    published: boolean;
  } | null;
}

interface LineBase {
  skuNo: string;
  productNo: string;
  name: string;
  /** 颜色 / 尺码, as much as the SKU has. */
  skuText: string;
  imageUrl: string | null;
  quantity: number;
}

export interface CartLineView extends LineBase {
  priceCents: number;
  marketPriceCents: number;
  stock: number;
  /** The most the line may hold: min(stock, 99). Below quantity when the stock fell since. */
  maxQuantity: number;
  selected: boolean;
}

export interface InvalidCartLine extends LineBase {
  reason: InvalidReason;
}

export interface CartGroup {
  /** null for products in no sale. */
  activityNo: string | null;
  title: string;
  /** The sale's N件X折 rule, e.g. 3件7折. */
  ruleLabel: string | null;
  /** When the sale ends (ISO). */
  endsAt: string | null;
  allSelected: boolean;
  lines: CartLineView[];
}

export interface CartTotals {
  /** Pieces of the selected lines (去结算(N)). */
  pieces: number;
  /** Selected lines. */
  lines: number;
  goodsCents: number;
  /** 已优惠: the N件X折 savings. */
  discountCents: number;
  /** 合计: goods less the savings, before freight and coupons. */
  amountCents: number;
}

export interface CartView {
  groups: CartGroup[];
  /** 失效商品: never selected, never in the totals. */
  invalid: InvalidCartLine[];
  totals: CartTotals;
  /** Every line that can be bought is selected (and there is one). */
  allSelected: boolean;
  /** Every piece in the cart, valid or not (the badge's count, as queryBuyerCartSkuTotal). */
  cartSkuNum: number;
}

/** The title of the group of products in no sale. */
export const NO_SALE_TITLE = '店铺商品';

export function skuText(color: string, size: string): string {
  return [color, size].filter((part) => part.trim() !== '').join(' / ');
}

/** Why the line cannot be bought now, or null when it can. */
export function invalidReason(row: CartRow, now: Date): InvalidReason | null {
  if (!row.productPublished || (row.sale && !row.sale.published)) return InvalidReason.ProductGone;
  if (row.sale) {
    const state = saleState(row.sale, now);
    if (state === 'ended') return InvalidReason.SaleEnded;
    if (state === 'upcoming') return InvalidReason.SaleNotStarted;
  }
  if (row.stock <= 0) return InvalidReason.SoldOut;
  return null;
}

/** The view of the rows (newest first), at `now`. */
export function buildCartView(rows: readonly CartRow[], now: Date): CartView {
  const groups = new Map<string, CartGroup>();
  const invalid: InvalidCartLine[] = [];
  const basket: BasketLine[] = [];
  let cartSkuNum = 0;
  for (const row of rows) {
    cartSkuNum += row.quantity;
    const base: LineBase = {
      skuNo: row.skuNo,
      productNo: row.productNo,
      name: row.name,
      skuText: skuText(row.color, row.size),
      imageUrl: row.imageUrl,
      quantity: row.quantity,
    };
    const reason = invalidReason(row, now);
    if (reason) {
      invalid.push({ ...base, reason });
      continue;
    }
    const key = row.sale?.activityNo ?? '';
    let group = groups.get(key);
    if (!group) {
      group = {
        activityNo: row.sale?.activityNo ?? null,
        title: row.sale?.title ?? NO_SALE_TITLE,
        ruleLabel: row.sale?.rule ? ruleLabel(row.sale.rule) : null,
        endsAt: row.sale?.endAt.toISOString() ?? null,
        allSelected: true,
        lines: [],
      };
      groups.set(key, group);
    }
    group.lines.push({
      ...base,
      priceCents: row.priceCents,
      marketPriceCents: row.marketPriceCents,
      stock: row.stock,
      maxQuantity: Math.min(row.stock, MAX_PIECES_PER_SKU),
      selected: row.selected,
    });
    if (!row.selected) group.allSelected = false;
    else {
      basket.push({
        key: row.skuNo,
        saleKey: row.sale?.activityNo ?? null,
        rule: row.sale?.rule ?? null,
        unitCents: row.priceCents,
        quantity: row.quantity,
      });
    }
  }
  const priced = priceBasket(basket, null);
  const list = [...groups.values()];
  return {
    groups: list,
    invalid,
    totals: {
      pieces: basket.reduce((sum, line) => sum + line.quantity, 0),
      lines: basket.length,
      goodsCents: priced.goodsCents,
      discountCents: priced.discountCents,
      amountCents: priced.payCents,
    },
    allSelected: list.length > 0 && list.every((group) => group.allSelected),
    cartSkuNum,
  };
}

/** The lines 去结算 takes to the confirmation page: selected and buyable. */
export function selectedLines(view: CartView): CartLineView[] {
  return view.groups.flatMap((group) => group.lines.filter((line) => line.selected));
}

/** Whether the cart has nothing in it at all (the empty state). */
export function isEmptyCart(view: CartView): boolean {
  return view.groups.length === 0 && view.invalid.length === 0;
}
