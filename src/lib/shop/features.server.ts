/**
 * The shop's feature switches in the database (feature_switches, one row per shop and code). A
 * page reads the whole set once per content version (turning a switch raises it, migration 0002),
 * so a switch reaches every page, cached or not, at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { featureSwitches, shops } from '#lib/platform/db/schema.ts';
import { cachedContent } from '#lib/platform/content-cache.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import {
  FEATURES,
  PAYOUT_FEATURES,
  featureSet,
  type FeatureCode,
  type FeatureSet,
} from './features.ts';

export async function readFeatureSet(db: DbOrTx, shopId: string): Promise<FeatureSet> {
  const rows = await db
    .select({ code: featureSwitches.code, enableStatus: featureSwitches.enableStatus })
    .from(featureSwitches)
    .where(eq(featureSwitches.shopId, shopId));
  return featureSet(rows);
}

/** The set as pages read it: once per content version and shop. */
export function shopFeatures(
  db: DbOrTx,
  contentVersion: number,
  shopId: string,
): Promise<FeatureSet> {
  return cachedContent(contentVersion, `features:${shopId}`, () => readFeatureSet(db, shopId));
}

/** Whether one switch of the shop is on (its default when the shop never turned it). */
export async function featureEnabled(db: DbOrTx, shopId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ enableStatus: featureSwitches.enableStatus })
    .from(featureSwitches)
    .where(and(eq(featureSwitches.shopId, shopId), eq(featureSwitches.code, code)));
  if (row) return row.enableStatus === 1;
  return FEATURES.find((f) => f.code === code)?.defaultEnabled ?? false;
}

/**
 * The manager turns a switch: one upsert, whose update writes only a change. Answers the
 * switch's state. Of the ways keepers are paid (微信零钱, 银行卡) one stays on: the check and the
 * change are one transaction holding the shop's row, so two managers turning off one each at
 * the same moment cannot leave none.
 */
export async function setFeature(
  db: DbOrTx,
  input: { shopId: string; code: FeatureCode; enabled: boolean },
): Promise<{ code: FeatureCode; enableStatus: 0 | 1 }> {
  const enableStatus = input.enabled ? 1 : 0;
  return db.transaction(async (tx) => {
    const [shop] = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(eq(shops.id, input.shopId))
      .for('update');
    if (!shop) throw appError(Errors.SHOP_NOT_FOUND);
    if (!input.enabled && PAYOUT_FEATURES.includes(input.code)) {
      const set = await readFeatureSet(tx, input.shopId);
      const othersOn = PAYOUT_FEATURES.some((code) => code !== input.code && set[code]);
      if (!othersOn) throw appError(Errors.PAYOUT_WAY_REQUIRED);
    }
    await tx
      .insert(featureSwitches)
      .values({ shopId: input.shopId, code: input.code, enableStatus })
      .onConflictDoUpdate({
        target: [featureSwitches.shopId, featureSwitches.code],
        set: { enableStatus },
        setWhere: sql`${featureSwitches.enableStatus} <> ${enableStatus}`,
      });
    return { code: input.code, enableStatus };
  });
}
