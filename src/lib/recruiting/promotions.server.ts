/**
 * 促销活动 (open): the shop's promotions running now, for shoppers to browse and keepers to share:
 * N件X折 sales first, then flash-sale sessions, presales and brand sales, each with its label and
 * when it ends.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, brands } from '#lib/platform/db/schema.ts';
import { saleSummaryColumns, type SaleSummary } from '#lib/catalog/index.server.ts';
import { salePublished, saleRunningAt } from '#lib/catalog/index.server.ts';
import { asNpieceRule } from '#lib/catalog/index.ts';
import { PROMOTION_ORDER, promotionLabel, type PromotionKind } from './rules.ts';

export interface Promotion extends SaleSummary {
  kind: PromotionKind;
  /** 3件7折, 限时秒杀, 预售, 品牌特卖. */
  label: string;
}

/** The shop's published sales running at `now`, N件X折 first, each kind in the shop's order. */
export async function runningPromotions(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<Promotion[]> {
  const rows = await db
    .select({ ...saleSummaryColumns, kind: activities.kind, rule: activities.rule })
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .where(and(salePublished(shopId), saleRunningAt(now)))
    .orderBy(asc(activities.sort), asc(activities.id))
    .limit(100);
  return rows
    .map(({ rule, kind, ...sale }) => {
      const promotionKind = kind as PromotionKind;
      return {
        ...sale,
        kind: promotionKind,
        label: promotionLabel(promotionKind, asNpieceRule(rule)),
      };
    })
    .toSorted((a, b) => PROMOTION_ORDER[a.kind] - PROMOTION_ORDER[b.kind]);
}
