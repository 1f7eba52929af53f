/** Who is what in the demo shops: each demo phone's standing. */
import { MemberRole } from '#lib/membership/index.ts';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import type { DemoRole } from './identity.ts';

export async function seedMembers(tx: Tx, userId: Record<DemoRole, number>): Promise<void> {
  await tx.insert(t.shopMembers).values([
    {
      shopId: '1001',
      userId: userId.consumer,
      role: MemberRole.Consumer,
      maxRole: MemberRole.Consumer,
      invitedBy: userId.owner1001,
    },
    {
      shopId: '1001',
      userId: userId.owner1001,
      role: MemberRole.Distributor,
      maxRole: MemberRole.Distributor,
      level: 1,
      signAgreement: true,
    },
    {
      shopId: '1001',
      userId: userId.manager1001,
      role: MemberRole.Manager,
      maxRole: MemberRole.Manager,
      administrator: true,
      signAgreement: true,
    },
    {
      shopId: '1001',
      userId: userId.service1001,
      role: MemberRole.CustomerService,
      maxRole: MemberRole.CustomerService,
    },
    {
      shopId: '1001',
      userId: userId.disabledDistributor,
      role: MemberRole.Distributor,
      maxRole: MemberRole.Distributor,
      level: 1,
      distributorDisable: true,
    },
    {
      shopId: '1002',
      userId: userId.owner1002,
      role: MemberRole.Distributor,
      maxRole: MemberRole.Distributor,
      level: 1,
      signAgreement: true,
    },
  ]);
}

/** Shop 1002's manager (administrator), seeded with 1002's business so serial ids stay. */
export const MANAGER_1002 = { phone: '13800000008', nickname: '郑管理' } as const;

export async function seedManager1002(tx: Tx): Promise<number> {
  const [manager] = await tx
    .insert(t.users)
    .values({ phone: MANAGER_1002.phone, nickname: MANAGER_1002.nickname })
    .returning({ id: t.users.id });
  await tx.insert(t.shopMembers).values({
    shopId: '1002',
    userId: manager!.id,
    role: MemberRole.Manager,
    maxRole: MemberRole.Manager,
    administrator: true,
    signAgreement: true,
  });
  return manager!.id;
}
