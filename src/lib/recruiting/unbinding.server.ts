/**
 * A keeper leaving the shop (distributor/unbinding): the switch (may they, and if not why), the
 * shop manager's phone (masked, to ask first), an SMS code to the keeper's own phone, and the
 * unbinding itself. Money decides: while the keeper has money available, pending settlement or
 * in a withdrawal, or promotion orders waiting for payment (whose commission is still to come),
 * they may not leave; the shop's owner never may. Afterwards they are a customer of the shop
 * again; who invited them and the ledger stay as they were.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  keeperUnbindings,
  ledgerAccounts,
  orders,
  shopMembers,
  shops,
  users,
} from '#lib/platform/db/schema.ts';
import { KeeperAccount } from '#lib/commission/index.ts';
import { keeperBalances } from '#lib/commission/index.server.ts';
import { OrderStatus } from '#lib/orders/index.ts';
import { maskPhone } from '#lib/identity/index.ts';
import { consumeCode, issueCode, type SmsPurpose } from '#lib/identity/index.server.ts';
import { MemberRole } from '#lib/membership/index.ts';
import { dropKeeper } from '#lib/membership/index.server.ts';
import { shopSignature } from '#lib/shop/index.server.ts';
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { requireKeeper, type Keeper } from './keeper.server.ts';
import { unbindRefusal } from './rules.ts';

const unbindPurpose = (shopId: string): SmsPurpose => `unbind:${shopId}`;

async function refusalFor(db: DbOrTx, shopId: string, keeper: Keeper): Promise<ErrorEntry | null> {
  const [balances, [unpaid]] = await Promise.all([
    keeperBalances(db, shopId, keeper.userId),
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.shopId, shopId),
          eq(orders.distributorId, keeper.userId),
          eq(orders.status, OrderStatus.AwaitingPayment),
        ),
      ),
  ]);
  return unbindRefusal({ isOwner: keeper.isOwner, balances, unpaidOrders: unpaid?.n ?? 0 });
}

export interface UnbindSwitch {
  /** Whether the keeper may leave the shop now. */
  open: boolean;
  /** Why not, in words; null when open. */
  reason: string | null;
  /** The keeper's own phone, masked, where the code goes; empty without one. */
  phone: string;
}

/** The unbind switch: whether the keeper may leave now, and why not. Keepers only. */
export async function unbindSwitch(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<UnbindSwitch> {
  const keeper = await requireKeeper(db, shopId, userId);
  const refusal = keeper.phone ? await refusalFor(db, shopId, keeper) : Errors.UNBIND_NEEDS_PHONE;
  return {
    open: refusal === null,
    reason: refusal?.message ?? null,
    phone: keeper.phone ? maskPhone(keeper.phone) : '',
  };
}

/** The shop manager (店长, the owner) to ask before leaving: nickname and masked phone. */
export async function shopManagerPhone(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<{ nickname: string; phone: string }> {
  await requireKeeper(db, shopId, userId);
  const [row] = await db
    .select({ nickname: users.nickname, phone: users.phone, ownerPhone: shops.ownerPhone })
    .from(shops)
    .leftJoin(users, eq(users.id, shops.ownerUserId))
    .where(eq(shops.id, shopId));
  const phone = row?.phone ?? row?.ownerPhone ?? null;
  if (!phone) throw appError(Errors.SHOP_HAS_NO_OWNER);
  return { nickname: row?.nickname || '店长', phone: maskPhone(phone) };
}

/** Sends the unbinding code to the keeper's own phone, when they may leave. Answers it masked. */
export async function sendUnbindCode(
  db: DbOrTx,
  input: { shopId: string; userId: number; clientIp: string | null },
): Promise<{ phone: string }> {
  const keeper = await requireKeeper(db, input.shopId, input.userId);
  if (!keeper.phone) throw appError(Errors.UNBIND_NEEDS_PHONE);
  const refusal = await refusalFor(db, input.shopId, keeper);
  if (refusal) throw appError(refusal);
  await issueCode(db, {
    phone: keeper.phone,
    purpose: unbindPurpose(input.shopId),
    clientIp: input.clientIp,
    knownPhone: true,
    signature: await shopSignature(db, input.shopId),
  });
  return { phone: maskPhone(keeper.phone) };
}

/**
 * Unbinds the keeper from the shop with the code sent to their phone: they become a customer
 * (a manager keeps their manager standing), their shop-keeper level goes, a record is kept.
 * Checked again under locks of the member row and the keeper's ledger accounts (ascending id, as
 * the ledger takes them), so no commission or withdrawal slips in between the check and the change.
 */
export async function unbindKeeper(
  db: DbOrTx,
  input: { shopId: string; userId: number; code: string; clientIp: string | null },
): Promise<{ currentRole: number }> {
  const { shopId, userId } = input;
  const keeper = await requireKeeper(db, shopId, userId);
  if (!keeper.phone) throw appError(Errors.UNBIND_NEEDS_PHONE);
  const before = await refusalFor(db, shopId, keeper);
  if (before) throw appError(before);
  const purpose = unbindPurpose(shopId);
  if (
    !(await consumeCode(db, {
      phone: keeper.phone,
      code: input.code,
      purpose,
      clientIp: input.clientIp,
    }))
  ) {
    throw appError(Errors.SMS_CODE_INVALID);
  }
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ invitedBy: shopMembers.invitedBy })
      .from(shopMembers)
      .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)))
      .for('update');
    const current = await requireKeeper(tx, shopId, userId);
    await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.shopId, shopId),
          eq(ledgerAccounts.userId, userId),
          inArray(ledgerAccounts.kind, Object.values(KeeperAccount)),
        ),
      )
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    const refusal = await refusalFor(tx, shopId, current);
    if (refusal) throw appError(refusal);
    await dropKeeper(tx, shopId, userId);
    await tx
      .insert(keeperUnbindings)
      .values({ shopId, userId, invitedBy: member?.invitedBy ?? null });
    return { currentRole: MemberRole.Consumer };
  });
}
