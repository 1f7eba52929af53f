/** Catalogue reads: brand sales and their products. */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { activities, brands } from '../db/schema.ts';

export interface SaleSummary {
  activityNo: string;
  title: string;
  subtitle: string;
  bannerUrl: string | null;
  brandName: string;
  brandLogoUrl: string | null;
  startAt: Date;
  endAt: Date;
}

/** The shop's published brand sales running at `now`, in the shop's order. */
export async function listOngoingSales(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<SaleSummary[]> {
  return db
    .select({
      activityNo: activities.activityNo,
      title: activities.title,
      subtitle: activities.subtitle,
      bannerUrl: activities.bannerUrl,
      brandName: brands.name,
      brandLogoUrl: brands.logoUrl,
      startAt: activities.startAt,
      endAt: activities.endAt,
    })
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .where(
      and(
        eq(activities.shopId, shopId),
        eq(activities.status, 1),
        lte(activities.startAt, now),
        gt(activities.endAt, now),
      ),
    )
    .orderBy(asc(activities.sort));
}
