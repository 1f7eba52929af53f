/** 我的钱包's read: the balances and 资金明细, or 提现记录, and the withdrawals the owner reviews. */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { listWithdrawals, readWallet, waitingWithdrawals } from '../withdrawals.server.ts';

export async function readWalletPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; tab: 'flow' | 'cash'; page: number; pageSize: number },
) {
  const scope = { shopId: input.shopId, userId: input.userId, pageSize: input.pageSize };
  const [wallet, cash, waitingReview] = await Promise.all([
    readWallet(db, { ...scope, pageNum: input.tab === 'flow' ? input.page : 1 }),
    input.tab === 'cash' ? listWithdrawals(db, { ...scope, pageNum: input.page }) : null,
    // The shop's owner reviews its keepers' withdrawals from here.
    waitingWithdrawals(db, input.shopId, input.userId),
  ]);
  return { wallet, cash, waitingReview };
}
