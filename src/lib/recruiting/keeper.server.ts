/** Who a keeper is in a shop: the check every keeper-only read and command starts with. */
import { and, eq } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shopMembers, shops, users } from '#lib/platform/db/schema.ts';
import { roleLetter } from '#lib/membership/index.ts';

export interface Keeper {
  userId: number;
  nickname: string;
  avatarUrl: string | null;
  phone: string | null;
  signAgreement: boolean;
  /** The keeper is the shop's owner (店长). */
  isOwner: boolean;
}

/**
 * The user as a shop keeper of the shop (role D now: a distributor not disabled); else 40301,
 * so a consumer, a manager or a disabled keeper is refused whatever page or call asks.
 */
export async function requireKeeper(db: DbOrTx, shopId: string, userId: number): Promise<Keeper> {
  const [row] = await db
    .select({
      currentRole: shopMembers.role,
      distributorDisable: shopMembers.distributorDisable,
      signAgreement: shopMembers.signAgreement,
      nickname: users.nickname,
      avatarUrl: users.avatarUrl,
      phone: users.phone,
      ownerUserId: shops.ownerUserId,
    })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .innerJoin(shops, eq(shops.id, shopMembers.shopId))
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
  if (!row || roleLetter(row) !== 'D') throw appError(Errors.NO_PERMISSION);
  return {
    userId,
    nickname: row.nickname,
    avatarUrl: row.avatarUrl,
    phone: row.phone,
    signAgreement: row.signAgreement,
    isOwner: row.ownerUserId === userId,
  };
}
