/**
 * 无忧购: the promise freight insurance makes, in the words and numbers of its rules (rules.ts),
 * and what a shopper holds of it. Pure: the page reads, these shape.
 */
import { formatYuan } from '#lib/platform/money.ts';
import {
  PREMIUM_BANDS,
  REMOTE_COVER_CENTS,
  REMOTE_PROVINCES,
  STANDARD_COVER_CENTS,
  insuranceCover,
} from './rules.ts';

/** A premium band as a row: the goods' range after discounts and coupon, and its premium. */
export interface PremiumRow {
  range: string;
  premium: string;
}

/** The premium table (运费险说明, 无忧购): ¥0.00 – ¥99.99 ¥0.80, …, ¥300.00 及以上 ¥2.50. */
export function premiumRows(): PremiumRow[] {
  return PREMIUM_BANDS.map(([below, premium], i) => {
    const from = i === 0 ? 0 : PREMIUM_BANDS[i - 1]![0];
    const range = Number.isFinite(below)
      ? `¥${formatYuan(from)} – ¥${formatYuan(below - 1)}`
      : `¥${formatYuan(from)} 及以上`;
    return { range, premium: `¥${formatYuan(premium)}` };
  });
}

/** The two covers: the higher one where return postage costs more, and everywhere else. */
export function coverRows(): { where: string; cover: string; cents: number }[] {
  return [
    {
      where: REMOTE_PROVINCES.join('、'),
      cover: `¥${formatYuan(REMOTE_COVER_CENTS)}`,
      cents: REMOTE_COVER_CENTS,
    },
    {
      where: '其他地区',
      cover: `¥${formatYuan(STANDARD_COVER_CENTS)}`,
      cents: STANDARD_COVER_CENTS,
    },
  ];
}

/**
 * What a return parcel from the shopper's default address would be paid (the cover is fixed
 * from the address an order is sent to), or null without an address.
 */
export function coverAt(province: string | null | undefined): {
  province: string;
  cents: number;
} | null {
  if (!province) return null;
  return { province, cents: insuranceCover(province) };
}

/** The shopper's freight insurance in a shop at a glance (policySummary reads it). */
export interface WuyouSummary {
  /** Paid insured orders whose policy is in force (保障中). */
  inForce: number;
  /** Claims an approved return filed (已理赔), and what they pay. */
  claims: number;
  claimedCents: number;
}
