/** Real names on PGlite: verified and saved encrypted, masked on the way out, the caller's only. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { realNames } from '#lib/platform/db/schema.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenUser } from '#tests/fixtures/given.ts';
import type { RealNameProvider } from './real-name-provider.server.ts';
import {
  REAL_NAME_SECRET,
  checkRealName,
  decryptValue,
  idNumberHash,
  readRealName,
  saveRealName,
  verifiedQuery,
} from './real-name.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
});
afterAll(() => database.close());

const ID = '330106199001011248';
const WRONG_CHECK_DIGIT = '330106199001011241';

async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { code: number; message: string } | null;
  expect(error, 'expected a refusal').not.toBeNull();
  return { code: error!.code, message: error!.message };
}

const key = async () =>
  createHash('sha256')
    .update(await serverSecret(database.db, REAL_NAME_SECRET))
    .digest();

describe('saving a real name', () => {
  it('stores the name and number encrypted, masked copies and a keyed hash', async () => {
    const user = await givenUser(database.db);
    expect(await saveRealName(database.db, user.id, { name: '王小明', idNumber: ID })).toEqual({
      nameMasked: '王*明',
      idNumberMasked: '330106********1248',
      verified: true,
    });
    const [row] = await database.db.select().from(realNames).where(eq(realNames.userId, user.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('王小明');
    expect(stored).not.toContain(ID);
    expect(stored).not.toContain('19900101');
    expect(row!.nameCipher).toMatch(/^[A-Za-z0-9+/=]+\|[A-Za-z0-9+/=]+\|[A-Za-z0-9+/=]+$/);
    expect(decryptValue(await key(), row!.nameCipher)).toBe('王小明');
    expect(decryptValue(await key(), row!.idNumberCipher)).toBe(ID);
    expect(row!.idNumberHash).toBe(idNumberHash(await key(), ID));
    expect(row!.verifiedAt).toBeInstanceOf(Date);
  });

  it('uses a fresh IV for every value, and a changed byte fails to decrypt', async () => {
    const a = await givenUser(database.db);
    const b = await givenUser(database.db);
    await saveRealName(database.db, a.id, { name: '张三', idNumber: ID });
    await saveRealName(database.db, b.id, { name: '张三', idNumber: ID });
    const rows = await database.db.select().from(realNames);
    const mine = rows.filter((r) => r.userId === a.id || r.userId === b.id);
    expect(mine[0]!.nameCipher).not.toBe(mine[1]!.nameCipher);
    expect(mine[0]!.idNumberHash).toBe(mine[1]!.idNumberHash);
    const [iv, tag, body] = mine[0]!.nameCipher.split('|');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    await expect(
      (async () => decryptValue(await key(), `${iv}|${tag}|${flipped.toString('base64')}`))(),
    ).rejects.toThrow();
  });

  it('refuses a wrong check digit, a bad name and what the provider refuses', async () => {
    const user = await givenUser(database.db);
    expect(
      await refusal(
        saveRealName(database.db, user.id, { name: '张三', idNumber: WRONG_CHECK_DIGIT }),
      ),
    ).toEqual({ code: 40035, message: '身份证号码校验位不正确，请核对后重新输入' });
    expect(
      await refusal(saveRealName(database.db, user.id, { name: 'Zhang', idNumber: ID })),
    ).toMatchObject({
      code: 40031,
    });
    const refusing: RealNameProvider = {
      name: 'refusing',
      verify: async () => ({ status: 'refused', reason: '姓名与身份证号码不一致' }),
    };
    expect(
      await refusal(saveRealName(database.db, user.id, { name: '张三', idNumber: ID }, refusing)),
    ).toEqual({ code: 40036, message: '姓名与身份证号码不一致' });
    expect(await readRealName(database.db, user.id)).toBeNull();
  });

  it('changes an earlier record (修改实名信息)', async () => {
    const user = await givenUser(database.db);
    await saveRealName(database.db, user.id, { name: '张三', idNumber: ID });
    await saveRealName(database.db, user.id, { name: '欧阳娜娜', idNumber: '11010519491231002x' });
    expect(await readRealName(database.db, user.id)).toEqual({
      nameMasked: '欧**娜',
      idNumberMasked: '110105********002X',
      verified: true,
    });
  });
});

describe('reading a real name', () => {
  it("answers only the caller's own record", async () => {
    const owner = await givenUser(database.db);
    const other = await givenUser(database.db);
    await saveRealName(database.db, owner.id, { name: '王小明', idNumber: ID });
    expect(await verifiedQuery(database.db, owner.id)).toEqual({
      verified: true,
      nameMasked: '王*明',
      idNumberMasked: '330106********1248',
    });
    expect(await verifiedQuery(database.db, other.id)).toEqual({ verified: false });
    expect(await readRealName(database.db, other.id)).toBeNull();
    expect(await checkRealName(database.db, owner.id, '王小明')).toBe(true);
    expect(await checkRealName(database.db, owner.id, ' 王 小明')).toBe(true);
    expect(await checkRealName(database.db, owner.id, '王大明')).toBe(false);
    expect(await checkRealName(database.db, other.id, '王小明')).toBe(false);
  });
});
