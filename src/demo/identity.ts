/** The demo people: one phone per role of DESIGN.md. */
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';

/** The demo phones by role; tests sign in with these instead of literal numbers. */
export const demoPhones = {
  consumer: '13800000001',
  owner1001: '13800000003',
  manager1001: '13800000004',
  service1001: '13800000005',
  owner1002: '13800000006',
  disabledDistributor: '13800000007',
} as const;

export type DemoRole = keyof typeof demoPhones;

const NICKNAMES: Record<DemoRole, string> = {
  consumer: '小鹿买买',
  owner1001: '林店主',
  manager1001: '周管理',
  service1001: '客服小安',
  owner1002: '陈店主',
  disabledDistributor: '前店主老吴',
};

/** Inserts the demo people; answers their user ids by role. */
export async function seedPeople(tx: Tx): Promise<Record<DemoRole, number>> {
  const roles = Object.keys(demoPhones) as DemoRole[];
  const rows = await tx
    .insert(t.users)
    .values(roles.map((role) => ({ phone: demoPhones[role], nickname: NICKNAMES[role] })))
    .returning({ id: t.users.id, phone: t.users.phone });
  return Object.fromEntries(
    roles.map((role) => [role, rows.find((r) => r.phone === demoPhones[role])!.id]),
  ) as Record<DemoRole, number>;
}
