/** A shop keeper's money at a glance (distributor profit, shell §7 "Other shared helpers"). */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { wallets } from '#lib/platform/db/schema.ts';

export async function getWalletSummary(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<{ balanceCents: number; frozenCents: number }> {
  const [row] = await db
    .select({ balanceCents: wallets.balanceCents, frozenCents: wallets.frozenCents })
    .from(wallets)
    .where(and(eq(wallets.shopId, shopId), eq(wallets.userId, userId)));
  return row ?? { balanceCents: 0, frozenCents: 0 };
}
