/**
 * 搭配: a keeper's curated sets of the shop's products. The keeper keeps them (店主搭配, role D);
 * anyone opens one (搭配购) and sees its products as cards priced by the pricing module, the
 * products no longer on the shelf left out. Only the keeper who made a set may change it.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { composeSets, products, shopMembers, users } from '#lib/platform/db/schema.ts';
import {
  CardOrder,
  productCardsByNo,
  readProductCards,
  type ProductCard,
} from '#lib/catalog/index.server.ts';
import { productOnSaleAt, withProductJoins } from '#lib/catalog/index.server.ts';
import { requireKeeper } from './keeper.server.ts';
import { keeperShopCard, type KeeperShopInfo } from './shop-info.server.ts';
import { cleanCompose, COMPOSE_SETS_MAX, type ComposeInput } from './rules.ts';

export interface ComposeSummary {
  composeId: number;
  title: string;
  intro: string;
  productNos: string[];
  /** The products still on the shelf, in the keeper's order. */
  products: ProductCard[];
  /** Their prices added up, in cents. */
  totalCents: number;
  updatedAt: Date;
}

async function summarise(
  db: DbOrTx,
  shopId: string,
  row: { id: number; title: string; intro: string; productNos: string[]; updatedAt: Date },
): Promise<ComposeSummary> {
  const cards = await productCardsByNo(db, shopId, row.productNos);
  return {
    composeId: row.id,
    title: row.title,
    intro: row.intro,
    productNos: row.productNos,
    products: cards,
    totalCents: cards.reduce((sum, card) => sum + card.priceCents, 0),
    updatedAt: row.updatedAt,
  };
}

const setColumns = {
  id: composeSets.id,
  title: composeSets.title,
  intro: composeSets.intro,
  productNos: composeSets.productNos,
  updatedAt: composeSets.updatedAt,
};

/** The caller's sets in the shop, the latest changed first; keepers only. */
export async function myComposes(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<ComposeSummary[]> {
  await requireKeeper(db, shopId, userId);
  const rows = await db
    .select(setColumns)
    .from(composeSets)
    .where(and(eq(composeSets.shopId, shopId), eq(composeSets.keeperId, userId)))
    .orderBy(desc(composeSets.updatedAt), desc(composeSets.id));
  return Promise.all(rows.map((row) => summarise(db, shopId, row)));
}

/** The shop's products a keeper may put in a set: buyable now, in the shop's order. */
export function composeCandidates(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
  limit = 60,
): Promise<ProductCard[]> {
  return readProductCards(db, shopId, productOnSaleAt(shopId, now), {
    orderBy: CardOrder.shelf,
    limit,
  });
}

/**
 * Creates a set, or changes one of the caller's (`composeId`): title and intro cleaned, 2 to 9
 * products, each a product of this shop that can be bought now. Keepers only.
 */
export async function saveCompose(
  db: DbOrTx,
  shopId: string,
  userId: number,
  input: ComposeInput & { composeId?: number | undefined },
  now = new Date(),
): Promise<ComposeSummary> {
  await requireKeeper(db, shopId, userId);
  const clean = cleanCompose(input);
  if (!clean.ok) throw appError(clean.error);
  const { title, intro, productNos } = clean.value;
  const [{ n } = { n: 0 }] = await withProductJoins(
    db.select({ n: count() }).from(products).$dynamic(),
  ).where(and(productOnSaleAt(shopId, now), inArray(products.productNo, productNos)));
  if (n !== productNos.length) throw appError(Errors.COMPOSE_PRODUCT_UNAVAILABLE);
  const row = await db.transaction(async (tx) => {
    if (input.composeId !== undefined) {
      const [changed] = await tx
        .update(composeSets)
        .set({ title, intro, productNos, updatedAt: sql`now()` })
        .where(
          and(
            eq(composeSets.id, input.composeId),
            eq(composeSets.shopId, shopId),
            eq(composeSets.keeperId, userId),
          ),
        )
        .returning(setColumns);
      if (!changed) throw appError(Errors.COMPOSE_NOT_FOUND);
      return changed;
    }
    // One keeper's sets are counted under a lock of their member row, so the cap holds.
    await tx
      .select({ userId: shopMembers.userId })
      .from(shopMembers)
      .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)))
      .for('update');
    const [{ sets } = { sets: 0 }] = await tx
      .select({ sets: count() })
      .from(composeSets)
      .where(and(eq(composeSets.shopId, shopId), eq(composeSets.keeperId, userId)));
    if (sets >= COMPOSE_SETS_MAX) throw appError(Errors.COMPOSE_TOO_MANY);
    const [created] = await tx
      .insert(composeSets)
      .values({ shopId, keeperId: userId, title, intro, productNos })
      .returning(setColumns);
    return created!;
  });
  return summarise(db, shopId, row);
}

/** Deletes one of the caller's sets; keepers only. */
export async function deleteCompose(
  db: DbOrTx,
  shopId: string,
  userId: number,
  composeId: number,
): Promise<{ composeId: number }> {
  await requireKeeper(db, shopId, userId);
  const deleted = await db
    .delete(composeSets)
    .where(
      and(
        eq(composeSets.id, composeId),
        eq(composeSets.shopId, shopId),
        eq(composeSets.keeperId, userId),
      ),
    )
    .returning({ id: composeSets.id });
  if (deleted.length === 0) throw appError(Errors.COMPOSE_NOT_FOUND);
  return { composeId };
}

export interface ComposeView extends ComposeSummary {
  /** Who made it: their shop card (their chosen name, avatar). */
  keeper: KeeperShopInfo;
  keeperId: number;
}

/** 搭配购: one set of the shop as anyone sees it; unknown or another shop's set is not found. */
export async function readCompose(
  db: DbOrTx,
  shopId: string,
  composeId: number,
): Promise<ComposeView> {
  const [row] = await db
    .select({
      ...setColumns,
      keeperId: composeSets.keeperId,
      nickname: users.nickname,
      avatarUrl: users.avatarUrl,
    })
    .from(composeSets)
    .innerJoin(users, eq(users.id, composeSets.keeperId))
    .where(and(eq(composeSets.id, composeId), eq(composeSets.shopId, shopId)));
  if (!row) throw appError(Errors.COMPOSE_NOT_FOUND);
  const [summary, keeper] = await Promise.all([
    summarise(db, shopId, row),
    keeperShopCard(db, shopId, {
      userId: row.keeperId,
      nickname: row.nickname,
      avatarUrl: row.avatarUrl,
    }),
  ]);
  return { ...summary, keeper, keeperId: row.keeperId };
}
