/**
 * The keeper's shop as they present it (distributor shop info get and update): the display name
 * and intro their shared shop shows, with their avatar and invitation code. Until the keeper
 * chooses a name it is 「昵称的小店」; the shop's owner, who wrote the shop's introduction in
 * store-setting, shows that one until they write another here.
 */
import { and, eq, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { keeperShopProfiles, shops } from '#lib/platform/db/schema.ts';
import { cleanShopInfo, defaultShopName, type ShopInfoInput } from './rules.ts';
import { requireKeeper, type Keeper } from './keeper.server.ts';

export interface KeeperShopInfo {
  shopName: string;
  intro: string;
  avatarUrl: string | null;
  /** The keeper's member number: the invitation code of register/tw. */
  inviteCode: string;
  /** Whether the keeper has chosen the name (else the default). */
  custom: boolean;
}

/** The shop card of a keeper (no role check: what their shared pages show of them). */
export async function keeperShopCard(
  db: DbOrTx,
  shopId: string,
  keeper: Pick<Keeper, 'userId' | 'nickname' | 'avatarUrl'>,
): Promise<KeeperShopInfo> {
  const [[profile], [shop]] = await Promise.all([
    db
      .select({ name: keeperShopProfiles.name, intro: keeperShopProfiles.intro })
      .from(keeperShopProfiles)
      .where(
        and(eq(keeperShopProfiles.shopId, shopId), eq(keeperShopProfiles.userId, keeper.userId)),
      ),
    db
      .select({ name: shops.name, intro: shops.intro, ownerUserId: shops.ownerUserId })
      .from(shops)
      .where(eq(shops.id, shopId)),
  ]);
  const owner = shop !== undefined && shop.ownerUserId === keeper.userId;
  return {
    shopName: profile?.name ?? defaultShopName(keeper.nickname, shop?.name ?? ''),
    intro: profile?.intro ?? (owner ? shop.intro : ''),
    avatarUrl: keeper.avatarUrl,
    inviteCode: String(keeper.userId),
    custom: profile !== undefined,
  };
}

/** The caller's own shop info; keepers only. */
export async function getKeeperShopInfo(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<KeeperShopInfo> {
  return keeperShopCard(db, shopId, await requireKeeper(db, shopId, userId));
}

/** Saves the caller's shop name and intro (emoji and odd characters removed); keepers only. */
export async function updateKeeperShopInfo(
  db: DbOrTx,
  shopId: string,
  userId: number,
  input: ShopInfoInput,
): Promise<KeeperShopInfo> {
  const keeper = await requireKeeper(db, shopId, userId);
  const clean = cleanShopInfo(input);
  if (!clean.ok) throw appError(clean.error);
  const { shopName, intro } = clean.value;
  await db
    .insert(keeperShopProfiles)
    .values({ shopId, userId, name: shopName, intro })
    .onConflictDoUpdate({
      target: [keeperShopProfiles.shopId, keeperShopProfiles.userId],
      set: { name: shopName, intro, updatedAt: sql`now()` },
    });
  return keeperShopCard(db, shopId, keeper);
}
