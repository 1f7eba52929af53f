/**
 * The config map of shell §3 in the database: the platform's config_entries, and a shop's own
 * values in shop_config_entries over them (decision 026). Every page's shell reads the merged map
 * of its shop (the middleware, cached per content version); GET /api/front/conf/map answers it.
 *
 * One entry is kept elsewhere: a shop's followUrl is its official account's follow link,
 * `shops.official_account_url`, which the owner also sets in store-setting (decision 025) and the
 * follow QR code after payment reads. Both pages edit that one value.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { configEntries, shopConfigEntries, shops } from '#lib/platform/db/schema.ts';
import { ZodError } from 'zod';
import { AppError, ErrorCode, appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import {
  mergeConfig,
  parseShopConfigValue,
  refusalMessage,
  validShopValues,
  type ConfigMap,
  type ShopConfigKey,
  type ShopConfigValue,
  type ShopConfigValues,
} from './config.ts';

export type { ConfigMap };

async function platformConfig(db: DbOrTx): Promise<ConfigMap> {
  const rows = await db.select().from(configEntries);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

async function shopRows(db: DbOrTx, shopId: string): Promise<{ key: string; value: unknown }[]> {
  const [rows, [shop]] = await Promise.all([
    db
      .select({ key: shopConfigEntries.key, value: shopConfigEntries.value })
      .from(shopConfigEntries)
      .where(eq(shopConfigEntries.shopId, shopId)),
    db.select({ followUrl: shops.officialAccountUrl }).from(shops).where(eq(shops.id, shopId)),
  ]);
  return [
    ...rows.filter((row) => row.key !== FOLLOW_URL),
    ...(shop?.followUrl ? [{ key: FOLLOW_URL, value: shop.followUrl }] : []),
  ];
}

const FOLLOW_URL = 'followUrl' satisfies ShopConfigKey;

/** The shop's follow link, or none (null: the platform's followUrl applies). */
async function setFollowUrl(db: DbOrTx, shopId: string, url: string | null): Promise<void> {
  const changed = await db
    .update(shops)
    .set({ officialAccountUrl: url })
    .where(and(eq(shops.id, shopId), sql`${shops.officialAccountUrl} is distinct from ${url}`))
    .returning({ id: shops.id });
  if (changed.length === 0) await requireShop(db, shopId);
}

/** The platform's map, or with `shopId` the shop's: its own values over the platform's. */
export async function getConfigMap(db: DbOrTx, shopId?: string): Promise<ConfigMap> {
  const [platform, own] = await Promise.all([
    platformConfig(db),
    shopId === undefined ? [] : shopRows(db, shopId),
  ]);
  return mergeConfig(platform, own);
}

/** The values the shop set itself (feature-setting shows which entries are the shop's own). */
export async function readShopConfig(db: DbOrTx, shopId: string): Promise<ShopConfigValues> {
  return validShopValues(await shopRows(db, shopId));
}

async function requireShop(db: DbOrTx, shopId: string): Promise<void> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw appError(Errors.SHOP_NOT_FOUND);
}

/**
 * The manager sets one entry for the shop: checked by the entry's schema (refused with the entry's
 * name and why), then one upsert whose update writes only a change. Answers the value stored.
 */
export async function saveShopConfigEntry<K extends ShopConfigKey>(
  db: DbOrTx,
  input: { shopId: string; key: K; value: unknown },
): Promise<ShopConfigValue<K>> {
  let value: ShopConfigValue<K>;
  try {
    value = parseShopConfigValue(input.key, input.value);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    throw new AppError(ErrorCode.BAD_REQUEST, refusalMessage(input.key, error));
  }
  if (input.key === FOLLOW_URL) {
    await setFollowUrl(db, input.shopId, (value as string) || null);
    return value;
  }
  await requireShop(db, input.shopId);
  await db
    .insert(shopConfigEntries)
    .values({ shopId: input.shopId, key: input.key, value })
    .onConflictDoUpdate({
      target: [shopConfigEntries.shopId, shopConfigEntries.key],
      set: { value },
      setWhere: sql`${shopConfigEntries.value} is distinct from excluded.value`,
    });
  return value;
}

/** The shop gives an entry back to the platform: its pages read the platform's value again. */
export async function resetShopConfigEntry(
  db: DbOrTx,
  input: { shopId: string; key: ShopConfigKey },
): Promise<true> {
  if (input.key === FOLLOW_URL) {
    await setFollowUrl(db, input.shopId, null);
    return true;
  }
  await requireShop(db, input.shopId);
  await db
    .delete(shopConfigEntries)
    .where(and(eq(shopConfigEntries.shopId, input.shopId), eq(shopConfigEntries.key, input.key)));
  return true;
}
