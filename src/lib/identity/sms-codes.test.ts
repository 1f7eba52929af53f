import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { smsCodes, smsOutbox } from '#lib/platform/db/schema.ts';
import { codeInText, readOutbox } from './sms/console.server.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import {
  SMS_HASH_SECRET,
  clientAddress,
  codeText,
  consumeCode,
  hashCode,
  issueCode,
  newCode,
} from './sms-codes.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await database.close();
});

const T0 = new Date('2026-11-21T04:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;

let phoneSeq = 0;
/** A phone of its own for each test, so their limits never meet. */
const freshPhone = () => `1390000${String(++phoneSeq).padStart(4, '0')}`;

async function send(phone: string, now: Date, clientIp: string | null = '10.0.0.1') {
  await issueCode(database.db, { phone, clientIp, now });
  const [latest] = await readOutbox(database.db, phone);
  return latest!.code!;
}

const consume = (phone: string, code: string, now: Date) =>
  consumeCode(database.db, { phone, code, now });

describe('pure helpers', () => {
  it('makes six-digit codes, zero-padded, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, newCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('hashes per purpose and phone, never containing the code', () => {
    const hash = hashCode('13800000001', '123456', 'login', 'key');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
    expect(hashCode('13800000001', '123456', 'login', 'key')).toBe(hash);
    expect(hashCode('13800000002', '123456', 'login', 'key')).not.toBe(hash);
    expect(hashCode('13800000001', '123457', 'login', 'key')).not.toBe(hash);
    expect(hashCode('13800000001', '123456', 'bind', 'key')).not.toBe(hash);
    // Without the server's key the table's hashes cannot be recomputed.
    expect(hashCode('13800000001', '123456', 'login', 'other key')).not.toBe(hash);
  });

  it('puts the code in the text as its only run of six digits', () => {
    const text = codeText('012345');
    expect(text).toBe('【小店】您的登录验证码是012345，5分钟内有效，请勿泄露。');
    expect(codeInText(text)).toBe('012345');
    expect(codeInText('no code 12345 or 1234567')).toBeNull();
  });

  it('takes the client address from the first forwarded hop, else the socket', () => {
    // Behind a trusted proxy, the hop it appended; otherwise the header is the client's word.
    expect(clientAddress('203.0.113.9, 10.0.0.1', () => '127.0.0.1', true)).toBe('10.0.0.1');
    expect(clientAddress(' 2001:db8::1 ', () => '127.0.0.1', true)).toBe('2001:db8::1');
    expect(clientAddress('203.0.113.9', () => '127.0.0.1', false)).toBe('127.0.0.1');
    expect(clientAddress(null, () => '127.0.0.1', true)).toBe('127.0.0.1');
    expect(clientAddress('<script>', () => '::1', true)).toBe('::1');
    expect(
      clientAddress(
        null,
        () => {
          throw new Error('clientAddress is not available');
        },
        true,
      ),
    ).toBeNull();
  });
});

describe('sending a code', () => {
  it('stores only a hash, valid 5 minutes, and the console outbox keeps the text', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0);
    const [row] = await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row).toMatchObject({
      codeHash: hashCode(phone, code, 'login', await serverSecret(database.db, SMS_HASH_SECRET)),
      purpose: 'login',
      clientIp: '10.0.0.1',
      attempts: 0,
      consumedAt: null,
    });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expiresAt.getTime() - T0.getTime()).toBe(5 * MIN);
    const outbox = await readOutbox(database.db, phone);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ phone, code, text: codeText(code) });
    expect(console.log).toHaveBeenCalledWith(`[sms] ${phone} ${code}`);
  });

  it('refuses a second send within 30 s (the button countdown) with 429, and allows it after', async () => {
    const phone = freshPhone();
    await send(phone, T0);
    await expect(
      issueCode(database.db, { phone, clientIp: null, now: at(29_999) }),
    ).rejects.toMatchObject({ code: 429, status: 429, message: '操作太频繁，请稍后再试' });
    await send(phone, at(30_000));
    expect(await readOutbox(database.db, phone)).toHaveLength(2);
  });

  it('allows 5 sends per phone per hour, from any address', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) await send(phone, at(i * MIN), `10.1.0.${i}`);
    await expect(
      issueCode(database.db, { phone, clientIp: '10.1.0.9', now: at(10 * MIN) }),
    ).rejects.toMatchObject({ code: 429 });
    // The first send leaves the window an hour later.
    await send(phone, at(60 * MIN + 1));
  });

  it("keeps others' administrator codes to a phone apart from its owner's own login codes", async () => {
    const owner = freshPhone();
    const admin = (n: number) =>
      issueCode(database.db, {
        phone: owner,
        purpose: `admin:1001:${n}`,
        clientIp: null,
        now: at(n * 2 * MIN),
      });
    for (let n = 0; n < 5; n++) await admin(n);
    // A sixth application within the hour is refused ...
    await expect(admin(5)).rejects.toMatchObject({ code: 429 });
    // ... but the owner still gets a login code, at once.
    await expect(send(owner, at(10 * MIN + 1000))).resolves.toMatch(/^\d{6}$/);
  });

  it('allows 20 sends per client address per hour, across phones', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) await send(freshPhone(), at(i), ip);
    await expect(
      issueCode(database.db, { phone: freshPhone(), clientIp: ip, now: at(30 * MIN) }),
    ).rejects.toMatchObject({ code: 429 });
    await send(freshPhone(), at(30 * MIN), '192.0.2.78');
  });

  it('deletes codes that expired more than a day ago when sending', async () => {
    const old = freshPhone();
    await send(old, T0);
    const phone = freshPhone();
    await send(phone, at(24 * 60 * MIN + 4 * MIN));
    expect(await database.db.select().from(smsCodes).where(eq(smsCodes.phone, old))).toHaveLength(
      1,
    );
    await send(phone, at(24 * 60 * MIN + 6 * MIN));
    expect(await database.db.select().from(smsCodes).where(eq(smsCodes.phone, old))).toHaveLength(
      0,
    );
  });

  it('keeps no code and counts no send when the provider fails', async () => {
    const phone = freshPhone();
    const failing = { send: () => Promise.reject(new Error('gateway down')) };
    await expect(
      issueCode(database.db, { phone, clientIp: null, now: T0 }, failing),
    ).rejects.toThrow('gateway down');
    expect(await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toEqual([]);
    await send(phone, at(1000));
  });
});

describe('checking a code', () => {
  it('accepts the right code once', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0);
    expect(await consume(phone, code, at(MIN))).toBe(true);
    expect(await consume(phone, code, at(MIN))).toBe(false);
  });

  it('refuses the code after 5 minutes', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0);
    expect(await consume(phone, code, at(5 * MIN))).toBe(false);
  });

  it('counts wrong tries and voids the code at the fifth', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect(await consume(phone, wrong, T0)).toBe(false);
    const [row] = await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row!.attempts).toBe(4);
    expect(await consume(phone, wrong, T0)).toBe(false);
    expect(await consume(phone, wrong, T0)).toBe(false);
    const [voided] = await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(voided!.attempts).toBe(5);
    expect(await consume(phone, code, T0)).toBe(false);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await consume(phone, wrong, T0);
    expect(await consume(phone, code, T0)).toBe(true);
  });

  it('counts only the latest code of the phone', async () => {
    const phone = freshPhone();
    const first = await send(phone, T0);
    const second = await send(phone, at(MIN));
    if (first !== second) expect(await consume(phone, first, at(MIN + 1))).toBe(false);
    expect(await consume(phone, second, at(MIN + 2))).toBe(true);
  });

  it('refuses a phone that was never sent a code, and another phone’s code', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0);
    expect(await consume(freshPhone(), code, T0)).toBe(false);
    expect(await consume(phone, code, T0)).toBe(true);
  });
});

describe('the outbox', () => {
  it('answers newest first', async () => {
    const phone = freshPhone();
    const first = await send(phone, T0);
    const second = await send(phone, at(MIN));
    expect((await readOutbox(database.db, phone)).map((m) => m.code)).toEqual([second, first]);
    await database.db.delete(smsOutbox).where(eq(smsOutbox.phone, phone));
  });
});
