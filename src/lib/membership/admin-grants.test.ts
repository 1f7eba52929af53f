import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { adminGrants, shopMembers, users } from '#lib/platform/db/schema.ts';
import {
  approveAdminGrant,
  createAdminGrant,
  hashGrantToken,
  rejectAdminGrant,
  viewAdminGrant,
} from './admin-grants.server.ts';
import { getMember } from './membership.server.ts';
import { demoPhones } from '#demo/handles.ts';

let database: Database;
let db: Database['db'];
const ids: Record<string, number> = {};
const ORIGIN = 'https://shop.example';
const OWNER_1001 = demoPhones.owner1001;
const OWNER_1002 = demoPhones.owner1002;

beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
  for (const row of await db.select({ id: users.id, phone: users.phone }).from(users))
    if (row.phone) ids[row.phone] = row.id;
});
afterAll(() => database.close());

let serial = 0;
async function newUser(): Promise<number> {
  serial += 1;
  const phone = `1390000${String(serial).padStart(4, '0')}`;
  const [row] = await db
    .insert(users)
    .values({ phone, nickname: `申请人${serial}` })
    .returning();
  ids[phone] = row!.id;
  return row!.id;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error & { code: number }) => ({ code: error.code, message: error.message }),
  );

const INVALID = { code: 409, message: '授权链接已失效，请让申请人重新生成二维码' };
const NOT_OWNER = { code: 40301, message: '当前账号不是该店铺的店主' };

/** The token is only in the URL the QR code carries (the server keeps its hash). */
function tokenOf(url: string): string {
  return new URL(url).searchParams.get('grant')!;
}

/** The dark modules the SVG draws, read back from its path (M/m moves, h runs of modules). */
function drawnModules(svg: string): boolean[][] {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const path = /stroke="#000000" d="([^"]+)"/.exec(svg)![1]!;
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Number(b)];
    else if (command === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i += 1) grid[Math.floor(y)]![x + i] = true;
      x += Number(a);
    }
  }
  return grid;
}

describe('bind/qrCode: creating a grant', () => {
  it('keeps only the hash of a 32-byte token, the applicant, the code and 10 minutes', async () => {
    const applicant = await newUser();
    const now = new Date();
    const grant = await createAdminGrant(
      db,
      { shopId: '1001', userId: applicant, userVerifyCode: '042917', origin: ORIGIN },
      now,
    );
    const url = new URL(grant.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/applyForAdmin`);
    expect([...url.searchParams.keys()]).toEqual(['shopId', 'grant']);
    expect(url.searchParams.get('shopId')).toBe('1001');
    const token = tokenOf(grant.url);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(grant.expiresAt).toBe(new Date(now.getTime() + 600_000).toISOString());

    const rows = await db.select().from(adminGrants).where(eq(adminGrants.userId, applicant));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tokenHash: hashGrantToken(token),
      shopId: '1001',
      userVerifyCode: '042917',
      consumedAt: null,
    });
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });

  it('answers a QR code (SVG) that encodes the grant URL', async () => {
    const applicant = await newUser();
    const { qrSvg, url } = await createAdminGrant(db, {
      shopId: '1001',
      userId: applicant,
      userVerifyCode: '123456',
      origin: ORIGIN,
    });
    expect(qrSvg.startsWith('<svg')).toBe(true);
    const symbol = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const encoded = symbol.segments.map((s) => Buffer.from(s.data).toString()).join('');
    expect(encoded).toBe(url);
    const drawn = drawnModules(qrSvg);
    const size = symbol.modules.size;
    expect(drawn).toHaveLength(size + 2); // a margin of one module
    for (let row = 0; row < size; row += 1)
      for (let col = 0; col < size; col += 1)
        expect(drawn[row + 1]![col + 1], `module ${row},${col}`).toBe(
          symbol.modules.get(row, col) === 1,
        );
  });

  it('replaces the open grant of the same applicant and shop', async () => {
    const applicant = await newUser();
    const first = await createAdminGrant(db, {
      shopId: '1001',
      userId: applicant,
      userVerifyCode: '111111',
      origin: ORIGIN,
    });
    const second = await createAdminGrant(db, {
      shopId: '1001',
      userId: applicant,
      userVerifyCode: '222222',
      origin: ORIGIN,
    });
    const rows = await db.select().from(adminGrants).where(eq(adminGrants.userId, applicant));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userVerifyCode).toBe('222222');
    const owner = ids[OWNER_1001]!;
    expect(
      await refusal(approveAdminGrant(db, { token: tokenOf(first.url), approverId: owner })),
    ).toEqual(INVALID);
    expect(
      await viewAdminGrant(db, { token: tokenOf(second.url), shopId: '1001', viewerId: owner }),
    ).toMatchObject({ kind: 'open', userVerifyCode: '222222' });
    // Another shop's grant of the same applicant is its own.
    await createAdminGrant(db, {
      shopId: '1002',
      userId: applicant,
      userVerifyCode: '333333',
      origin: ORIGIN,
    });
    expect(
      await db.select().from(adminGrants).where(eq(adminGrants.userId, applicant)),
    ).toHaveLength(2);
  });

  it('refuses a bad check code, an administrator, and a shop without an owner', async () => {
    const applicant = await newUser();
    const input = { shopId: '1001', userId: applicant, userVerifyCode: '12345', origin: ORIGIN };
    expect(await refusal(createAdminGrant(db, input))).toEqual({
      code: 400,
      message: '核对码应为6位数字',
    });
    expect(
      await refusal(
        createAdminGrant(db, {
          ...input,
          userId: ids[demoPhones.manager1001]!,
          userVerifyCode: '123456',
        }),
      ),
    ).toEqual({ code: 409, message: '您已经是本店管理员' });
    expect(
      await refusal(createAdminGrant(db, { ...input, shopId: 'nope', userVerifyCode: '123456' })),
    ).toEqual({ code: 404, message: '店铺不存在' });
  });

  it('refuses the shop owner: there is nobody to ask', async () => {
    const input = { shopId: '1001', userId: ids[OWNER_1001]!, userVerifyCode: '123456' };
    expect(await refusal(createAdminGrant(db, { ...input, origin: ORIGIN }))).toEqual({
      code: 409,
      message: '您是本店店主，无需申请管理员',
    });
  });
});

describe('the owner decides', () => {
  async function openGrant(shopId = '1001') {
    const applicant = await newUser();
    const grant = await createAdminGrant(db, {
      shopId,
      userId: applicant,
      userVerifyCode: '654321',
      origin: ORIGIN,
    });
    return { applicant, token: tokenOf(grant.url) };
  }

  it('shows the owner the applicant (masked phone) and the check code', async () => {
    const { applicant, token } = await openGrant();
    const [user] = await db.select().from(users).where(eq(users.id, applicant));
    expect(
      await viewAdminGrant(db, { token, shopId: '1001', viewerId: ids[OWNER_1001]! }),
    ).toMatchObject({
      kind: 'open',
      applicantNickname: user!.nickname,
      applicantPhone: `${user!.phone!.slice(0, 3)}****${user!.phone!.slice(7)}`,
      userVerifyCode: '654321',
    });
  });

  it('only the shop owner may see and approve; anybody else learns nothing', async () => {
    const { applicant, token } = await openGrant();
    for (const phone of [OWNER_1002, demoPhones.manager1001, demoPhones.consumer]) {
      const viewerId = ids[phone]!;
      expect(await viewAdminGrant(db, { token, shopId: '1001', viewerId })).toEqual({
        kind: 'not-owner',
      });
      expect(await refusal(approveAdminGrant(db, { token, approverId: viewerId }))).toEqual(
        NOT_OWNER,
      );
      expect(await refusal(rejectAdminGrant(db, { token, approverId: viewerId }))).toEqual(
        NOT_OWNER,
      );
    }
    // The applicant cannot approve themselves either.
    expect(await refusal(approveAdminGrant(db, { token, approverId: applicant }))).toEqual(
      NOT_OWNER,
    );
    expect(await getMember(db, '1001', applicant)).toBeNull();
    // The refusals left the grant open for the owner.
    expect(
      await viewAdminGrant(db, { token, shopId: '1001', viewerId: ids[OWNER_1001]! }),
    ).toMatchObject({ kind: 'open' });
  });

  it('approval makes the applicant administrator and manager, once', async () => {
    const { applicant, token } = await openGrant();
    const owner = ids[OWNER_1001]!;
    expect(await approveAdminGrant(db, { token, approverId: owner })).toEqual({
      shopId: '1001',
      userId: applicant,
    });
    expect(await getMember(db, '1001', applicant)).toMatchObject({
      currentRole: 4,
      maxRole: 4,
      administrator: true,
    });
    const [row] = await db
      .select()
      .from(adminGrants)
      .where(eq(adminGrants.tokenHash, hashGrantToken(token)));
    expect(row!.consumedAt).not.toBeNull();
    expect(await refusal(approveAdminGrant(db, { token, approverId: owner }))).toEqual(INVALID);
    expect(await refusal(rejectAdminGrant(db, { token, approverId: owner }))).toEqual(INVALID);
    expect(await viewAdminGrant(db, { token, shopId: '1001', viewerId: owner })).toEqual({
      kind: 'invalid',
    });
    // A new grant for the same applicant and shop is refused: they already administer it.
    expect(
      await refusal(
        createAdminGrant(db, {
          shopId: '1001',
          userId: applicant,
          userVerifyCode: '000000',
          origin: ORIGIN,
        }),
      ),
    ).toEqual({ code: 409, message: '您已经是本店管理员' });
  });

  it('keeps customer service at maxRole 5 when it becomes administrator', async () => {
    const { applicant, token } = await openGrant();
    await db.insert(shopMembers).values({
      shopId: '1001',
      userId: applicant,
      role: 5,
      maxRole: 5,
    });
    await approveAdminGrant(db, { token, approverId: ids[OWNER_1001]! });
    expect(await getMember(db, '1001', applicant)).toMatchObject({
      currentRole: 4,
      maxRole: 5,
      administrator: true,
    });
  });

  it('an expired grant is refused and shown as invalid', async () => {
    const applicant = await newUser();
    const made = new Date(Date.now() - 11 * 60_000);
    const grant = await createAdminGrant(
      db,
      { shopId: '1001', userId: applicant, userVerifyCode: '777777', origin: ORIGIN },
      made,
    );
    const token = tokenOf(grant.url);
    const owner = ids[OWNER_1001]!;
    expect(await viewAdminGrant(db, { token, shopId: '1001', viewerId: owner })).toEqual({
      kind: 'invalid',
    });
    expect(await refusal(approveAdminGrant(db, { token, approverId: owner }))).toEqual(INVALID);
    // Just before its tenth minute it was still open.
    expect(
      await viewAdminGrant(
        db,
        { token, shopId: '1001', viewerId: owner },
        new Date(made.getTime() + 599_000),
      ),
    ).toMatchObject({ kind: 'open' });
    expect(await getMember(db, '1001', applicant)).toBeNull();
  });

  it('an unknown token, or a grant opened in another shop, is invalid', async () => {
    const { token } = await openGrant();
    const owner = ids[OWNER_1001]!;
    const unknown = 'A'.repeat(43);
    expect(await refusal(approveAdminGrant(db, { token: unknown, approverId: owner }))).toEqual(
      INVALID,
    );
    expect(await viewAdminGrant(db, { token: unknown, shopId: '1001', viewerId: owner })).toEqual({
      kind: 'invalid',
    });
    expect(await viewAdminGrant(db, { token, shopId: '1002', viewerId: owner })).toEqual({
      kind: 'invalid',
    });
  });

  it('rejecting deletes the grant', async () => {
    const { applicant, token } = await openGrant();
    const owner = ids[OWNER_1001]!;
    await rejectAdminGrant(db, { token, approverId: owner });
    expect(
      await db
        .select()
        .from(adminGrants)
        .where(and(eq(adminGrants.userId, applicant), eq(adminGrants.shopId, '1001'))),
    ).toEqual([]);
    expect(await refusal(approveAdminGrant(db, { token, approverId: owner }))).toEqual(INVALID);
    expect(await getMember(db, '1001', applicant)).toBeNull();
  });

  it('the owner of the other shop approves grants of that shop only', async () => {
    const { applicant, token } = await openGrant('1002');
    expect(await refusal(approveAdminGrant(db, { token, approverId: ids[OWNER_1001]! }))).toEqual(
      NOT_OWNER,
    );
    await approveAdminGrant(db, { token, approverId: ids[OWNER_1002]! });
    expect((await getMember(db, '1002', applicant))!.administrator).toBe(true);
    expect(await getMember(db, '1001', applicant)).toBeNull();
  });
});
