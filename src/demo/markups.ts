/**
 * The platform's markup limits per category (queryAddPriceAstrict), different by category so the
 * global-add-price page shows real limits: the shop's global markup is held to the strictest of
 * its products' categories. 运动户外 has no row and takes the platform default.
 */
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import type { MarkupLimit } from '#lib/catalog/index.ts';
import type { CATEGORIES } from './catalog-data.ts';
import type { CatalogRefs } from './catalog.ts';

type CategoryKey = (typeof CATEGORIES)[number]['key'];

export const MARKUP_LIMITS: Partial<Record<CategoryKey, MarkupLimit>> = {
  women: { maxBp: 3000, maxCents: 6000 },
  men: { maxBp: 3000, maxCents: 6000 },
  kids: { maxBp: 2000, maxCents: 3000 },
  shoes: { maxBp: 2500, maxCents: 5000 },
  bags: { maxBp: 2500, maxCents: 8000 },
  home: { maxBp: 2000, maxCents: 3000 },
  beauty: { maxBp: 1500, maxCents: 2000 },
};

export async function seedMarkupLimits(tx: Tx, catalog: CatalogRefs): Promise<void> {
  await tx.insert(t.markupLimits).values(
    Object.entries(MARKUP_LIMITS).map(([key, limit]) => ({
      categoryId: catalog.categoryId(key),
      ...limit,
    })),
  );
}
