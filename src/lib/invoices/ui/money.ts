import { formatYuan } from '#lib/platform/money.ts';

/** An invoice amount with its sign before the currency: ¥798.00, or -¥798.00 on a red letter. */
export function invoiceYuan(cents: number): string {
  return cents < 0 ? `-¥${formatYuan(-cents)}` : `¥${formatYuan(cents)}`;
}
