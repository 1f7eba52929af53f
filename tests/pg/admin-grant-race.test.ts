/**
 * The owner taps 同意授权 many times at once (or several of the owner's devices do): one QR grant
 * makes one administrator, and every other approval is told the link is no longer valid.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { adminGrants, shopMembers, users } from '#lib/platform/db/schema.ts';
import { approveAdminGrant, createAdminGrant } from '#lib/membership/admin-grants.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { demoPhones } from '#demo/handles.ts';

let database: Database;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
});
afterAll(() => database.close());

it('ten concurrent approvals of one grant make exactly one success', async () => {
  const db = database.db;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, demoPhones.owner1001));
  const [applicant] = await db
    .insert(users)
    .values({ phone: '13900009901', nickname: '并发申请人' })
    .returning({ id: users.id });
  const grant = await createAdminGrant(db, {
    shopId: '1001',
    userId: applicant!.id,
    userVerifyCode: '246810',
    origin: 'http://localhost',
  });
  const token = new URL(grant.url).searchParams.get('grant')!;

  const results = await Promise.allSettled(
    Array.from({ length: 10 }, () => approveAdminGrant(db, { token, approverId: owner!.id })),
  );
  const approved = results.filter((r) => r.status === 'fulfilled');
  expect(approved).toHaveLength(1);
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refused).toHaveLength(9);
  for (const r of refused)
    expect((r.reason as Error).message).toBe('授权链接已失效，请让申请人重新生成二维码');

  const [member] = await db.select().from(shopMembers).where(eq(shopMembers.userId, applicant!.id));
  expect(member).toMatchObject({ shopId: '1001', role: 4, maxRole: 4, administrator: true });
  const rows = await db.select().from(adminGrants).where(eq(adminGrants.userId, applicant!.id));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.consumedAt).not.toBeNull();
});
