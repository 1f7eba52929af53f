import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { smsCodeTries, smsCodes, smsOutbox } from '#lib/platform/db/schema.ts';
import { codeInText, readOutbox } from './sms/outbox.server.ts';
import { SmsRefusedError, type SmsMessage } from './sms/index.server.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import { UNKNOWN_CLIENT, clientAddress, clientKey } from '#lib/platform/client-address.server.ts';
import {
  SMS_HASH_SECRET,
  codeText,
  consumeCode,
  hashCode,
  issueCode,
  messagePurpose,
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

/** The address a phone's owner uses: one per phone, so the per-client caps of tests never meet. */
const ownerOf = (phone: string) =>
  `10.9.${Number(phone.slice(-4)) >> 8}.${Number(phone.slice(-4)) & 255}`;

async function send(phone: string, now: Date, clientIp: string | null = ownerOf(phone)) {
  await issueCode(database.db, { phone, clientIp, now });
  const [latest] = await readOutbox(database.db, phone);
  return latest!.code!;
}

const consume = (
  phone: string,
  code: string,
  now: Date,
  clientIp: string | null = ownerOf(phone),
) => consumeCode(database.db, { phone, code, now, clientIp });
/** A code that is not `code`. */
const otherThan = (code: string, n = 0) =>
  String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
const rowsOf = (phone: string) =>
  database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(smsCodes.id);

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
    // Sent for a shop, it is signed with the shop's name.
    expect(codeText('012345', 'login', '小鹿优选')).toBe(
      '【小鹿优选】您的登录验证码是012345，5分钟内有效，请勿泄露。',
    );
    expect(codeText('012345', 'bind', '【橙子】 88')).toMatch(/^【橙子】您正在绑定手机号/);
    expect(codeInText(text)).toBe('012345');
    expect(codeInText('no code 12345 or 1234567')).toBeNull();
  });

  it('takes the client address as many hops from the right as there are trusted proxies, else the socket', () => {
    // Behind one trusted proxy, the hop it appended; otherwise the header is the client's word.
    expect(clientAddress('203.0.113.9, 10.0.0.1', () => '127.0.0.1', 1)).toBe('10.0.0.1');
    expect(clientAddress(' 2001:db8::1 ', () => '127.0.0.1', 1)).toBe('2001:db8::1');
    expect(clientAddress('203.0.113.9', () => '127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientAddress(null, () => '127.0.0.1', 1)).toBe('127.0.0.1');
    expect(clientAddress('<script>', () => '::1', 1)).toBe('::1');
    // Behind a CDN and a load balancer: the shopper is two hops from the right, whatever they sent.
    expect(clientAddress('6.6.6.6, 198.51.100.7, 10.0.0.2', () => '10.0.0.3', 2)).toBe(
      '198.51.100.7',
    );
    // Fewer hops than proxies: the request did not come through them; the socket speaks.
    expect(clientAddress('198.51.100.7', () => '10.0.0.3', 2)).toBe('10.0.0.3');
    expect(
      clientAddress(
        null,
        () => {
          throw new Error('clientAddress is not available');
        },
        1,
      ),
    ).toBeNull();
  });

  it('counts IPv4 addresses as they are, IPv6 addresses by their /64, and no address as one client', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(clientKey('2001:0DB8:00aa:bb::9')).toBe('2001:db8:aa:bb::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey(null)).toBe(UNKNOWN_CLIENT);
    expect(clientKey('')).toBe(UNKNOWN_CLIENT);
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
      clientIp: ownerOf(phone),
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
      issueCode(database.db, { phone, clientIp: ownerOf(phone), now: at(29_999) }),
    ).rejects.toMatchObject({ code: 429, status: 429, message: '操作太频繁，请稍后再试' });
    await send(phone, at(30_000));
    expect(await readOutbox(database.db, phone)).toHaveLength(2);
  });

  it('counts the 30 s per client: another client’s send does not hold the owner’s up', async () => {
    const phone = freshPhone();
    await send(phone, T0, '198.51.100.66');
    await expect(send(phone, at(1000), ownerOf(phone))).resolves.toMatch(/^\d{6}$/);
  });

  it('allows 5 sends per phone and client per hour, and 10 per phone from all clients', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) await send(phone, at(i * MIN), '10.1.0.1');
    await expect(
      issueCode(database.db, { phone, clientIp: '10.1.0.1', now: at(10 * MIN) }),
    ).rejects.toMatchObject({ code: 429 });
    // Other clients still may, up to the phone's ceiling of 10 within the hour.
    for (let i = 0; i < 5; i++) await send(phone, at(11 * MIN + i), `10.1.0.${10 + i}`);
    await expect(
      issueCode(database.db, { phone, clientIp: '10.1.0.99', now: at(20 * MIN) }),
    ).rejects.toMatchObject({ code: 429 });
    expect(await rowsOf(phone)).toHaveLength(10);
    // The first send leaves the window an hour later.
    await send(phone, at(60 * MIN + 1), '10.1.0.99');
  });

  it('counts an IPv6 client by its /64, and every unknown client as one', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) await send(phone, at(i * MIN), `2001:db8:5:6::${i + 1}`);
    await expect(
      issueCode(database.db, { phone, clientIp: '2001:db8:5:6:ffff::1', now: at(10 * MIN) }),
    ).rejects.toMatchObject({ code: 429 });
    expect((await rowsOf(phone)).map((row) => row.clientIp)).toEqual(
      Array(5).fill('2001:db8:5:6::/64'),
    );
    const other = freshPhone();
    await send(other, T0, null);
    await expect(
      issueCode(database.db, { phone: other, clientIp: null, now: at(1000) }),
    ).rejects.toMatchObject({ code: 429 });
    expect((await rowsOf(other))[0]!.clientIp).toBe(UNKNOWN_CLIENT);
  });

  it('leaves the owner able to get and use a code when a stranger sends every 30 s', async () => {
    const phone = freshPhone();
    const stranger = (i: number) =>
      issueCode(database.db, { phone, clientIp: '198.51.100.7', now: at(i * 30_000) }).then(
        () => true,
        () => false,
      );
    const sent: boolean[] = [];
    for (let i = 0; i < 20; i++) sent.push(await stranger(i));
    // The stranger's own cap stops it at 5 codes an hour ...
    expect(sent.filter(Boolean)).toHaveLength(5);
    // ... the owner gets a code at once, between two of the stranger's tries ...
    const code = await send(phone, at(10 * MIN + 10_000), ownerOf(phone));
    // ... which neither more of the stranger's sends nor another address's code replace.
    for (let i = 21; i < 40; i++) sent.push(await stranger(i));
    await send(phone, at(20 * MIN + 5000), '198.51.100.8');
    expect(sent.filter(Boolean)).toHaveLength(5);
    expect(await consume(phone, code, at(14 * MIN))).toBe(true);
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

  it('tells the provider the phone, the code, what it is for and the whole text', async () => {
    const phone = freshPhone();
    const sent: SmsMessage[] = [];
    const keep = { send: async (message: SmsMessage) => void sent.push(message) };
    await issueCode(database.db, { phone, clientIp: ownerOf(phone), now: T0 }, keep);
    await issueCode(
      database.db,
      { phone, purpose: 'admin:1001:7', clientIp: ownerOf(phone), now: at(MIN) },
      keep,
    );
    expect(sent.map(({ purpose }) => purpose)).toEqual(['login', 'admin']);
    expect(sent[0]).toEqual({
      phone,
      code: sent[0]!.code,
      purpose: 'login',
      text: codeText(sent[0]!.code),
    });
    expect(sent[0]!.code).toMatch(/^\d{6}$/);
    expect(sent[1]!.text).toBe(codeText(sent[1]!.code, 'admin:1001:7'));
    expect(messagePurpose('bind')).toBe('bind');
    expect(messagePurpose('unbind:1001')).toBe('unbind');
  });

  describe('a send that failed', () => {
    const refusing = {
      send: () =>
        Promise.reject(
          new SmsRefusedError('aliyun', 'isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1'),
        ),
    };
    const unreachable = { send: () => Promise.reject(new TypeError('fetch failed')) };

    it("tells the shopper 验证码发送失败，请稍后再试 and logs the vendor's code", async () => {
      const phone = freshPhone();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await expect(
          issueCode(database.db, { phone, clientIp: ownerOf(phone), now: T0 }, refusing),
        ).rejects.toMatchObject({ code: 40011, message: '验证码发送失败，请稍后再试' });
        expect(logged).toHaveBeenCalledWith(
          `[sms] aliyun refused the send to ${phone.slice(0, 3)}****${phone.slice(7)}: isv.BUSINESS_LIMIT_CONTROL 触发分钟级流控Permits:1`,
        );
      } finally {
        logged.mockRestore();
      }
    });

    it('logs why a send that could not reach the vendor failed', async () => {
      const phone = freshPhone();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const refused = Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
          code: 'ECONNREFUSED',
        }),
      });
      try {
        await expect(
          issueCode(
            database.db,
            { phone, clientIp: ownerOf(phone), now: T0 },
            { send: () => Promise.reject(refused) },
          ),
        ).rejects.toMatchObject({ code: 40011, message: '验证码发送失败，请稍后再试' });
        expect(logged).toHaveBeenCalledWith(
          `[sms] the send to ${phone.slice(0, 3)}****${phone.slice(7)} failed: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1`,
        );
      } finally {
        logged.mockRestore();
      }
    });

    it('is not counted: no code stays, and the next send right away goes out', async () => {
      for (const provider of [refusing, unreachable]) {
        const phone = freshPhone();
        const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          await expect(
            issueCode(database.db, { phone, clientIp: ownerOf(phone), now: T0 }, provider),
          ).rejects.toMatchObject({ code: 40011 });
        } finally {
          logged.mockRestore();
        }
        expect(await rowsOf(phone)).toEqual([]);
        // Within the 30 s a sent code would hold the button: this send is not refused.
        const code = await send(phone, at(1000));
        expect(await consume(phone, code, at(2000))).toBe(true);
      }
    });

    it('is not counted towards the hourly caps either', async () => {
      const phone = freshPhone();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        for (let i = 0; i < 8; i++) {
          await expect(
            issueCode(
              database.db,
              { phone, clientIp: ownerOf(phone), now: at(i * 1000) },
              refusing,
            ),
          ).rejects.toMatchObject({ code: 40011 });
        }
      } finally {
        logged.mockRestore();
      }
      // Five a client per phone per hour: all five still go out.
      for (let i = 0; i < 5; i++) await send(phone, at(10_000 + i * 31_000));
    });
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

  it('counts wrong tries per client and locks the client out of the code at its fifth', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect(await consume(phone, wrong, T0)).toBe(false);
    const [row] = await rowsOf(phone);
    expect(row!.attempts).toBe(4);
    expect(await consume(phone, wrong, T0)).toBe(false);
    expect(await consume(phone, wrong, T0)).toBe(false);
    const [locked] = await rowsOf(phone);
    // The sixth was refused without being counted.
    expect(locked!.attempts).toBe(5);
    expect(
      await database.db.select().from(smsCodeTries).where(eq(smsCodeTries.codeId, locked!.id)),
    ).toEqual([{ codeId: locked!.id, client: ownerOf(phone), wrong: 5 }]);
    // Locked out: even the right code fails for this client.
    expect(await consume(phone, code, T0)).toBe(false);
  });

  it('a stranger’s six wrong codes leave the owner’s code working', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0, ownerOf(phone));
    const stranger = '203.0.113.66';
    for (let i = 0; i < 6; i++)
      expect(await consume(phone, otherThan(code, i), at(1000 + i), stranger)).toBe(false);
    // Locked out: the stranger cannot use the code even if it learnt it ...
    expect(await consume(phone, code, at(10_000), stranger)).toBe(false);
    // ... and the owner, from its own address, still can.
    expect(await consume(phone, code, at(20_000), ownerOf(phone))).toBe(true);
  });

  it('voids a code for everyone after 20 wrong tries from all clients together', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0, ownerOf(phone));
    for (let c = 0; c < 3; c++)
      for (let i = 0; i < 5; i++) await consume(phone, otherThan(code, i), T0, `203.0.113.${c}`);
    expect((await rowsOf(phone))[0]!.attempts).toBe(15);
    for (let i = 0; i < 5; i++) await consume(phone, otherThan(code, i), T0, '203.0.113.3');
    expect((await rowsOf(phone))[0]!.attempts).toBe(20);
    // A fifth stranger's try is not even counted; the owner's right code no longer works.
    expect(await consume(phone, otherThan(code), T0, '203.0.113.4')).toBe(false);
    expect((await rowsOf(phone))[0]!.attempts).toBe(20);
    expect(await consume(phone, code, T0, ownerOf(phone))).toBe(false);
    // A new code works again.
    const next = await send(phone, at(MIN), ownerOf(phone));
    expect(await consume(phone, next, at(MIN + 1), ownerOf(phone))).toBe(true);
  });

  it('still lets a browser that logged in with the phone before use a code strangers voided', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0, ownerOf(phone));
    for (let c = 0; c < 4; c++)
      for (let i = 0; i < 5; i++) await consume(phone, otherThan(code, i), T0, `203.0.113.${c}`);
    expect((await rowsOf(phone))[0]!.attempts).toBe(20);
    const known = (clientIp: string) =>
      consumeCode(database.db, { phone, code, now: T0, clientIp, knownPhone: true });
    // A stranger claiming nothing still cannot; the owner's browser still can.
    expect(await consume(phone, code, T0, ownerOf(phone))).toBe(false);
    expect(await known(ownerOf(phone))).toBe(true);
  });

  it('a known browser is not held back by the ceiling strangers spent, only by its own limits', async () => {
    const phone = freshPhone();
    // Two strangers use up the phone's ten sends of the hour.
    for (let i = 0; i < 10; i++) await send(phone, at(i * 31_000), `198.51.100.${i % 2}`);
    await expect(send(phone, at(400_000), ownerOf(phone))).rejects.toMatchObject({ code: 429 });
    const knownSend = (ms: number) =>
      issueCode(database.db, { phone, clientIp: ownerOf(phone), knownPhone: true, now: at(ms) });
    await knownSend(400_000);
    const [latest] = await readOutbox(database.db, phone);
    expect(await consume(phone, latest!.code!, at(401_000), ownerOf(phone))).toBe(true);
    // Its own 30 s interval and hourly cap still hold.
    await expect(knownSend(410_000)).rejects.toMatchObject({ code: 429 });
    for (let i = 1; i < 5; i++) await knownSend(400_000 + i * 31_000);
    await expect(knownSend(400_000 + 5 * 31_000)).rejects.toMatchObject({ code: 429 });
  });

  it('counts unknown clients as one: six unknown wrong tries lock out the unknown client only', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0, ownerOf(phone));
    for (let i = 0; i < 6; i++) await consume(phone, otherThan(code, i), T0, null);
    expect((await rowsOf(phone))[0]!.attempts).toBe(5);
    expect(await consume(phone, code, T0, null)).toBe(false);
    expect(await consume(phone, code, T0, ownerOf(phone))).toBe(true);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const phone = freshPhone();
    const code = await send(phone, T0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await consume(phone, wrong, T0);
    expect(await consume(phone, code, T0)).toBe(true);
  });

  it('accepts any live code of the phone, so a later send does not void a pending one', async () => {
    const phone = freshPhone();
    const owners = await send(phone, T0, ownerOf(phone));
    const strangers = await send(phone, at(MIN), '198.51.100.9');
    expect(await consume(phone, owners, at(MIN + 1))).toBe(true);
    // Using one ends the phone's other live codes for the purpose.
    if (strangers !== owners) expect(await consume(phone, strangers, at(MIN + 2))).toBe(false);
    expect((await rowsOf(phone))[1]!.expiresAt).toEqual(at(MIN + 1));
  });

  it('counts a wrong try against each live code, for the client and in total', async () => {
    const phone = freshPhone();
    const first = await send(phone, T0, ownerOf(phone));
    const second = await send(phone, at(30_000), ownerOf(phone));
    const wrong = ['000000', '111111', '222222'].find((c) => c !== first && c !== second)!;
    for (let i = 0; i < 5; i++) await consume(phone, wrong, at(MIN), '203.0.113.80');
    expect((await rowsOf(phone)).map((row) => row.attempts)).toEqual([5, 5]);
    expect(await consume(phone, first, at(MIN), '203.0.113.80')).toBe(false);
    expect(await consume(phone, second, at(MIN), '203.0.113.80')).toBe(false);
    expect(await consume(phone, first, at(MIN), ownerOf(phone))).toBe(true);
  });

  it('gives a client five fresh tries at a new code', async () => {
    const phone = freshPhone();
    const first = await send(phone, T0, ownerOf(phone));
    for (let i = 0; i < 5; i++) await consume(phone, otherThan(first, i), at(1000), ownerOf(phone));
    // The first code is still live (for others), but this client is done with it.
    const second = await send(phone, at(30_000), ownerOf(phone));
    if (first !== second)
      expect(await consume(phone, first, at(31_000), ownerOf(phone))).toBe(false);
    expect(await consume(phone, second, at(32_000), ownerOf(phone))).toBe(true);
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
