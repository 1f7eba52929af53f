/**
 * Card payouts through 云账户 on a migrated database (PGlite): the real adapter speaks the
 * platform's protocol to the sandbox (in-process, no network), which keeps its orders. A person
 * is paid once per order id whatever is asked again, a refused card comes back with the bank's
 * reason, a company's account goes to the bank provider, and a notification is read only when
 * its sign holds.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenUser } from '#tests/fixtures/given.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { saveRealName } from '#lib/identity/real-name.server.ts';
import { parseEnv } from '#lib/platform/env.server.ts';
import { sandboxPayouts, type PayoutResult } from '../payouts.server.ts';
import { YunzhanghuError, yunzhanghuClient } from './client.server.ts';
import { demoYunzhanghu, receiveOrderNotification, yunzhanghuPayouts } from './payouts.server.ts';
import { seal } from './protocol.server.ts';
import {
  SANDBOX_BROKER_ID,
  SANDBOX_DEALER_ID,
  answerYunzhanghu,
  yunzhanghuSandboxKeys,
} from './sandbox.server.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());

/** The sandbox answering in-process: the adapter and protocol are the real ones. */
const inProcess = ((input: RequestInfo | URL, init?: RequestInit) =>
  answerYunzhanghu(new Request(input, init), db)) as typeof fetch;
const payouts = () => yunzhanghuPayouts(sandboxPayouts, (d) => demoYunzhanghu(d, inProcess));

const CARD = '6212261202011584340';
let serial = 0;
const billNo = () => `WDTEST${Date.now()}${(serial += 1)}`;

async function givenPerson() {
  const user = await givenUser(db);
  await saveRealName(db, user.id, { name: '欧阳娜娜', idNumber: '11010519491231002x' });
  return user.id;
}

const request = (userId: number, outBillNo: string, cardNo = CARD) => ({
  outBillNo,
  amountCents: 795_800,
  cardNo,
  cardNoHash: 'h',
  holderName: '欧阳娜娜',
  bankCode: 'ICBC',
  kind: 'personal' as const,
  userId,
});

describe('云账户 card payouts', () => {
  it('pays a person once per order id, however often it is asked', async () => {
    const userId = await givenPerson();
    const outBillNo = billNo();
    const first = await payouts().transfer(db, request(userId, outBillNo));
    expect(first).toMatchObject({ state: 'SUCCESS', failReason: null });
    expect(first.billId).toMatch(/^YZH/);
    const again = await payouts().transfer(db, request(userId, outBillNo));
    expect(again).toEqual(first);
    const bills = await db
      .select()
      .from(t.sandboxPayoutBills)
      .where(eq(t.sandboxPayoutBills.outBillNo, outBillNo));
    expect(bills).toHaveLength(1);
    expect(bills[0]!.amountCents).toBe(795_800);
  });

  it('answers a refused card with the bank’s reason, and a person without a verified name', async () => {
    const userId = await givenPerson();
    // The sandbox's closed account: a number ending 0000.
    expect(
      await payouts().transfer(db, request(userId, billNo(), '6212261202011080000')),
    ).toMatchObject({
      state: 'FAIL',
      failReason: '收款账户状态异常，请更换银行卡',
    });
    const unknown = await givenUser(db);
    expect(await payouts().transfer(db, request(unknown.id, billNo()))).toEqual({
      state: 'FAIL',
      billId: null,
      failReason: '请先完成实名认证',
    });
  });

  it('sends a company’s account to the bank provider', async () => {
    const outBillNo = billNo();
    const result = await payouts().transfer(db, {
      ...request(0, outBillNo, '110060149018800012345'),
      kind: 'enterprise',
    });
    expect(result.state).toBe('SUCCESS');
    expect(result.billId).toMatch(/^SB/);
  });

  it('refuses a request signed with other keys or for another platform', async () => {
    const keys = await yunzhanghuSandboxKeys(db);
    const forged = yunzhanghuClient({
      ...keys,
      appKey: 'not-the-app-key',
      dealerId: SANDBOX_DEALER_ID,
      brokerId: SANDBOX_BROKER_ID,
      baseUrl: 'http://shop.test/sandbox/yunzhanghu/',
      fetch: inProcess,
    });
    await expect(forged.order('WD1')).rejects.toMatchObject({ code: '1002' });
    const stranger = yunzhanghuClient({
      ...keys,
      dealerId: '1',
      brokerId: SANDBOX_BROKER_ID,
      baseUrl: 'http://shop.test/sandbox/yunzhanghu/',
      fetch: inProcess,
    });
    await expect(stranger.order('WD1')).rejects.toBeInstanceOf(YunzhanghuError);
  });

  it('reads a notification only when its sign holds', async () => {
    const keys = await yunzhanghuSandboxKeys(db);
    const told: [string, PayoutResult][] = [];
    const apply = async (outBillNo: string, result: PayoutResult) => {
      told.push([outBillNo, result]);
    };
    const notice = {
      notify_id: 'n1',
      notify_time: '2026-11-28 12:00:00',
      data: { order_id: 'WD9', ref: 'YZH1', status: '2', status_detail_message: '账户已销户' },
    };
    const form = new URLSearchParams({ ...seal(notice, keys) });
    expect(await receiveOrderNotification(db, form, apply)).toEqual({ ok: true });
    expect(told).toEqual([['WD9', { state: 'FAIL', billId: 'YZH1', failReason: '账户已销户' }]]);
    const forged = new URLSearchParams({ ...seal(notice, { ...keys, appKey: 'other' }) });
    expect(await receiveOrderNotification(db, forged, apply)).toEqual({ ok: false });
    expect(told).toHaveLength(1);
    // In production the platform's configured keys verify it, not the sandbox's.
    const production = parseEnv({
      PUBLIC_ORIGIN: 'https://shop.example.com',
      SHOP_MODE: 'demo',
      YUNZHANGHU_BASE_URL: 'https://api-service.yunzhanghu.com',
      YUNZHANGHU_APP_KEY: 'configured-app-key-01',
      YUNZHANGHU_DES3_KEY: 'configured-des3-key-0001',
    });
    expect(await receiveOrderNotification(db, form, apply, production)).toEqual({ ok: false });
    const configured = { appKey: 'configured-app-key-01', des3Key: 'configured-des3-key-0001' };
    const real = new URLSearchParams({ ...seal(notice, configured) });
    expect(await receiveOrderNotification(db, real, apply, production)).toEqual({ ok: true });
    expect(told).toHaveLength(2);
  });

  it('fetches a paid order’s e-receipt (its link, then the file); an unpaid order has none', async () => {
    const userId = await givenPerson();
    const paid = billNo();
    await payouts().transfer(db, request(userId, paid));
    const file = await payouts().receipt!(db, paid);
    expect(file).not.toBeNull();
    // A PNG the platform drew: the picture's signature, of a receipt's size.
    expect([...file!.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await sharp(file!).metadata()).width).toBe(750);
    const refused = billNo();
    await payouts().transfer(db, request(userId, refused, '6212261202011080000'));
    expect(await payouts().receipt!(db, refused)).toBeNull();
    expect(await payouts().receipt!(db, 'WDNEVER')).toBeNull();
  });

  it('serves a receipt only through its signed link while it lasts', async () => {
    const userId = await givenPerson();
    const paid = billNo();
    await payouts().transfer(db, request(userId, paid));
    const client = await demoYunzhanghu(db, inProcess);
    const link = await client.receipt(paid);
    expect(link.file_name).toMatch(/^receipt_YZH\w+\.png$/);
    expect(link.expire_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await inProcess(link.url)).status).toBe(200);
    const forged = new URL(link.url);
    forged.searchParams.set('sign', 'ab'.repeat(32));
    expect((await inProcess(forged)).status).toBe(403);
    const stretched = new URL(link.url);
    stretched.searchParams.set('expires', String(Date.now() + 86_400_000));
    expect((await inProcess(stretched)).status).toBe(403);
  });
});
