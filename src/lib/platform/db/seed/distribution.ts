/** The shop keepers' money: opened ledger accounts (filled by the demo's orders). */
import type { Tx } from '../client.server.ts';
import { keeperAccount, shopAccount } from '#lib/distribution/ledger.server.ts';
import { KeeperAccount, ShopAccount } from '#lib/distribution/ledger.ts';
import type { DemoRole } from './identity.ts';

export async function seedLedger(tx: Tx, userId: Record<DemoRole, number>): Promise<void> {
  for (const [shopId, owner] of [
    ['1001', userId.owner1001],
    ['1002', userId.owner1002],
  ] as const) {
    await shopAccount(tx, shopId, ShopAccount.Commission);
    await shopAccount(tx, shopId, ShopAccount.Payouts);
    await keeperAccount(tx, shopId, owner, KeeperAccount.Available);
  }
}
