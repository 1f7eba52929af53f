/**
 * 无忧购's one read (wuyouIntro, wuyouDetail): whether the shop offers freight insurance, what a
 * return from the shopper's default address would be paid, and their policies and claims here.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { listAddresses } from '#lib/addresses/index.server.ts';
import type { PolicyView } from '../contracts.ts';
import { listPolicies, policySummary, shopOffersInsurance } from '../insurance.server.ts';
import { coverAt, type WuyouSummary } from '../wuyou.ts';

/** The newest policies the page lists; 运费险 lists them all. */
export const WUYOU_RECENT = 3;

export interface WuyouPage {
  offered: boolean;
  /** The cover at the shopper's default address, or null without an address. */
  cover: { province: string; cents: number } | null;
  summary: WuyouSummary;
  recent: PolicyView[];
}

export async function readWuyouPage(
  db: DbOrTx,
  input: { shopId: string; userId: number },
): Promise<WuyouPage> {
  const [offered, addresses, summary, recent] = await Promise.all([
    shopOffersInsurance(db, input.shopId),
    listAddresses(db, input.userId),
    policySummary(db, input),
    listPolicies(db, input, WUYOU_RECENT),
  ]);
  // The default comes first; without one, the newest.
  return { offered, cover: coverAt(addresses[0]?.province), summary, recent };
}
