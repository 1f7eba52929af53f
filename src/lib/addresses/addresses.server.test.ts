/** The address commands on PGlite: defaults, the cap of 20, and owners only. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { addresses } from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenAddress, givenUser } from '#tests/fixtures/given.ts';
import { MAX_ADDRESSES } from './addresses.ts';
import {
  addAddress,
  addressDetail,
  deleteAddress,
  listAddresses,
  readAddress,
  searchRegions,
  setDefaultAddress,
  splitAddress,
  updateAddress,
} from './addresses.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
});
afterAll(() => database.close());

const home = {
  name: '张三',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路138号',
  isDefault: false,
};
const office = { ...home, name: '李四', district: '滨江区', detail: '网商路699号' };

async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { code: number; message: string } | null;
  expect(error, 'expected a refusal').not.toBeNull();
  return { code: error!.code, message: error!.message };
}

describe('adding addresses', () => {
  it('makes the first address the default and keeps the region code', async () => {
    const user = await givenUser(database.db);
    const first = await addAddress(database.db, user.id, home);
    expect(first).toMatchObject({ ...home, isDefault: true, regionCode: '330106' });
    const second = await addAddress(database.db, user.id, office);
    expect(second.isDefault).toBe(false);
    expect((await listAddresses(database.db, user.id)).map((a) => a.name)).toEqual([
      '张三',
      '李四',
    ]);
  });

  it('moves the default to a new address asked to be the default, in one step', async () => {
    const user = await givenUser(database.db);
    const first = await addAddress(database.db, user.id, home);
    const second = await addAddress(database.db, user.id, { ...office, isDefault: true });
    const list = await listAddresses(database.db, user.id);
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('lists the default first, then the newest', async () => {
    const user = await givenUser(database.db);
    const a = await addAddress(database.db, user.id, { ...home, detail: '一号' });
    const b = await addAddress(database.db, user.id, { ...home, detail: '二号' });
    const c = await addAddress(database.db, user.id, { ...home, detail: '三号' });
    expect((await listAddresses(database.db, user.id)).map((x) => x.id)).toEqual([
      a.id,
      c.id,
      b.id,
    ]);
  });

  it('cleans the fields and refuses a region that is not a real triple', async () => {
    const user = await givenUser(database.db);
    const saved = await addAddress(database.db, user.id, {
      ...home,
      name: ' 张三\u200b ',
      phone: '138 0013 8000',
    });
    expect(saved).toMatchObject({ name: '张三', phone: '13800138000' });
    expect(
      await refusal(addAddress(database.db, user.id, { ...home, district: '朝阳区' })),
    ).toMatchObject({ code: 40023 });
    expect(
      await refusal(addAddress(database.db, user.id, { ...home, phone: '12345678901' })),
    ).toMatchObject({ code: 40022, message: '请输入正确的手机号' });
    expect(await refusal(addAddress(database.db, user.id, { ...home, name: '' }))).toMatchObject({
      code: 40021,
    });
    expect(await refusal(addAddress(database.db, user.id, { ...home, detail: 'x' }))).toMatchObject(
      { code: 40024 },
    );
  });

  it(`refuses the ${MAX_ADDRESSES + 1}st address with a clear message`, async () => {
    const user = await givenUser(database.db);
    for (let i = 0; i < MAX_ADDRESSES; i++) {
      await addAddress(database.db, user.id, { ...home, detail: `文三路${i}号` });
    }
    const refused = await refusal(addAddress(database.db, user.id, home));
    expect(refused).toEqual({ code: 40921, message: '地址数量已达上限，最多保存20个收货地址' });
    expect(await listAddresses(database.db, user.id)).toHaveLength(MAX_ADDRESSES);
  });
});

describe('changing and deleting addresses', () => {
  it('updates the fields and moves the default when asked', async () => {
    const user = await givenUser(database.db);
    const first = await addAddress(database.db, user.id, home);
    const second = await addAddress(database.db, user.id, office);
    const changed = await updateAddress(database.db, user.id, second.id, {
      ...office,
      detail: '网商路700号',
      isDefault: true,
    });
    expect(changed).toMatchObject({ detail: '网商路700号', isDefault: true });
    expect((await readAddress(database.db, user.id, first.id))!.isDefault).toBe(false);
    const again = await setDefaultAddress(database.db, user.id, first.id);
    expect(again.isDefault).toBe(true);
    expect((await readAddress(database.db, user.id, second.id))!.isDefault).toBe(false);
  });

  it('makes the newest remaining address the default when the default is deleted', async () => {
    const user = await givenUser(database.db);
    const first = await addAddress(database.db, user.id, home);
    const second = await addAddress(database.db, user.id, office);
    const third = await addAddress(database.db, user.id, { ...office, detail: '江南大道1号' });
    await deleteAddress(database.db, user.id, second.id);
    expect((await readAddress(database.db, user.id, first.id))!.isDefault).toBe(true);
    await deleteAddress(database.db, user.id, first.id);
    expect(await listAddresses(database.db, user.id)).toEqual([
      expect.objectContaining({ id: third.id, isDefault: true }),
    ]);
    await deleteAddress(database.db, user.id, third.id);
    expect(await listAddresses(database.db, user.id)).toEqual([]);
  });
});

describe('only the owner', () => {
  it("answers another user's address like a missing one, and changes nothing", async () => {
    const owner = await givenUser(database.db);
    const other = await givenUser(database.db);
    const mine = await addAddress(database.db, owner.id, home);
    const missing = await refusal(addressDetail(database.db, other.id, 999_999));
    expect(missing).toEqual({ code: 40421, message: '收货地址不存在或已删除' });
    expect(await readAddress(database.db, other.id, mine.id)).toBeNull();
    expect(await refusal(addressDetail(database.db, other.id, mine.id))).toEqual(missing);
    expect(
      await refusal(updateAddress(database.db, other.id, mine.id, { ...home, detail: '改了' })),
    ).toEqual(missing);
    expect(await refusal(setDefaultAddress(database.db, other.id, mine.id))).toEqual(missing);
    expect(await refusal(deleteAddress(database.db, other.id, mine.id))).toEqual(missing);
    expect(await listAddresses(database.db, other.id)).toEqual([]);
    const [row] = await database.db.select().from(addresses).where(eq(addresses.id, mine.id));
    expect(row).toMatchObject({ userId: owner.id, detail: '文三路138号', isDefault: true });
  });
});

describe('the test builder', () => {
  it('adds an address through the command', async () => {
    const user = await givenUser(database.db);
    const first = await givenAddress(database.db, user.id);
    expect(first).toMatchObject({ isDefault: true, regionCode: '330106' });
  });
});

describe('智能识别 and region search', () => {
  it('splits with the dataset of the server', () => {
    expect(splitAddress('张三 13800138000 浙江省杭州市西湖区文三路138号')).toEqual({
      name: '张三',
      phone: '13800138000',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      regionCode: '330106',
      detail: '文三路138号',
    });
    expect(searchRegions('西湖')[0]).toEqual({
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      regionCode: '330106',
    });
  });
});
