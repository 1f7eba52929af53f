/**
 * The my page's one read: the member's own figures, the owner's desk (in role D only: the routes
 * it leads to need D), the owner's own withdrawals a manager decides (in role M only; decision
 * 042) and whether the shop has a consultation QR code (联系店主).
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { readOwnerDesk } from '#lib/shop/index.server.ts';
import { shopConsultQr } from '#lib/shop/index.server.ts';
import { waitingWithdrawals } from '#lib/distribution/index.server.ts';
import { getMyPage } from '../member.server.ts';

export async function readMyPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; role: string },
) {
  const [my, desk, ownersWithdrawals, consultQr] = await Promise.all([
    getMyPage(db, input.shopId, input.userId),
    input.role === 'D' ? readOwnerDesk(db, input.shopId, input.userId) : null,
    input.role === 'M' ? waitingWithdrawals(db, input.shopId, input.userId) : null,
    shopConsultQr(db, input.shopId),
  ]);
  return { my, desk, ownersWithdrawals, consultQr };
}
