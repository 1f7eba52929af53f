/** The consumer's default delivery address. */
import type { Tx } from '../client.server.ts';
import * as t from '../schema.ts';
import { demoPhones, type DemoRole } from './identity.ts';

export async function seedAddresses(tx: Tx, userId: Record<DemoRole, number>): Promise<void> {
  await tx.insert(t.addresses).values({
    userId: userId.consumer,
    name: '鹿小姐',
    phone: demoPhones.consumer,
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 90 号 1 幢 501 室',
    isDefault: true,
  });
}
