/** The shop owners' (empty) wallets. */
import type { Tx } from '../client.server.ts';
import * as t from '../schema.ts';
import type { DemoRole } from './identity.ts';

export async function seedWallets(tx: Tx, userId: Record<DemoRole, number>): Promise<void> {
  await tx.insert(t.wallets).values([
    { shopId: '1001', userId: userId.owner1001 },
    { shopId: '1002', userId: userId.owner1002 },
  ]);
}
