/** Many adds at once never give a user more than 20 addresses, nor two defaults. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { addresses, users } from '#lib/platform/db/schema.ts';
import { addAddress, deleteAddress, listAddresses } from '#lib/addresses/addresses.server.ts';
import { MAX_ADDRESSES } from '#lib/addresses/addresses.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';

let database: Database;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
});
afterAll(() => database.close());

const address = (i: number, isDefault = false) => ({
  name: '张三',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: `文三路${i}号`,
  isDefault,
});

async function newUser(phone: string): Promise<number> {
  const [row] = await database.db
    .insert(users)
    .values({ phone, nickname: '并发用户' })
    .returning({ id: users.id });
  return row!.id;
}

it('thirty concurrent adds by a user with 15 addresses leave exactly 20', async () => {
  const userId = await newUser('13600000001');
  for (let i = 0; i < 15; i++) await addAddress(database.db, userId, address(i));

  const results = await Promise.allSettled(
    Array.from({ length: 30 }, (_, i) =>
      addAddress(database.db, userId, address(100 + i, i % 2 === 0)),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refused).toHaveLength(25);
  expect(refused.every((r) => (r.reason as Error).message.startsWith('地址数量已达上限'))).toBe(
    true,
  );
  expect(await listAddresses(database.db, userId)).toHaveLength(MAX_ADDRESSES);
  const defaults = await database.db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  expect(defaults).toHaveLength(1);
});

it('concurrent deletes and default-asking adds keep exactly one default', async () => {
  const userId = await newUser('13600000002');
  const made = [];
  for (let i = 0; i < 10; i++) made.push(await addAddress(database.db, userId, address(i)));
  await Promise.all([
    ...made.slice(0, 5).map((a) => deleteAddress(database.db, userId, a.id)),
    ...Array.from({ length: 5 }, (_, i) => addAddress(database.db, userId, address(50 + i, true))),
  ]);
  const list = await listAddresses(database.db, userId);
  expect(list).toHaveLength(10);
  expect(list.filter((a) => a.isDefault)).toHaveLength(1);
  expect(list[0]!.isDefault).toBe(true);
});
