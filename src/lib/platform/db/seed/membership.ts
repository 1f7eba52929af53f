/** Who is what in the demo shops: each demo phone's standing. */
import type { Tx } from '../client.server.ts';
import * as t from '../schema.ts';
import type { DemoRole } from './identity.ts';

export async function seedMembers(tx: Tx, userId: Record<DemoRole, number>): Promise<void> {
  await tx.insert(t.shopMembers).values([
    {
      shopId: '1001',
      userId: userId.consumer,
      role: 1,
      maxRole: 1,
      invitedBy: userId.owner1001,
    },
    {
      shopId: '1001',
      userId: userId.owner1001,
      role: 3,
      maxRole: 3,
      level: 1,
      signAgreement: true,
    },
    {
      shopId: '1001',
      userId: userId.manager1001,
      role: 4,
      maxRole: 4,
      administrator: true,
      signAgreement: true,
    },
    { shopId: '1001', userId: userId.service1001, role: 5, maxRole: 5 },
    {
      shopId: '1001',
      userId: userId.disabledDistributor,
      role: 3,
      maxRole: 3,
      level: 1,
      distributorDisable: true,
    },
    {
      shopId: '1002',
      userId: userId.owner1002,
      role: 3,
      maxRole: 3,
      level: 1,
      signAgreement: true,
    },
  ]);
}
