/**
 * Versioned agreements on the embedded database with the real migrations (issue #29 item 7): a
 * manager publishes a version; acceptances hold the version, the time, the client and the hash
 * of the text shown; a new version asks again; a published version is never edited; only the
 * shop's manager publishes, and each shop's versions and acceptances are its own. The login form,
 * the keeper contract and the owner's licence record through the legal area's door.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase, SEED_NOW } from '#tests/fixtures/db.ts';
import { givenMember, givenShop, givenUser } from '#tests/fixtures/given.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { agreementAcceptances, agreements, shopLicences, users } from '#lib/platform/db/schema.ts';
import { shopDay } from '#lib/platform/time.ts';
import { readOutbox } from '#lib/identity/sms/outbox.server.ts';
import { issueCode } from '#lib/identity/sms-codes.server.ts';
import { loginWithPhone } from '#lib/identity/phone-login.server.ts';
import { contractState, signContract } from '#lib/membership/membership.server.ts';
import { mergeAccounts } from '#lib/identity/accounts.server.ts';
import {
  acceptAgreements,
  listAcceptances,
  listAgreements,
  pendingAgreements,
  publishAgreement,
  readAgreementPage,
  readManagedAgreement,
  textHash,
} from './agreements.server.ts';
import { readLicence, saveLicence, uploadLicencePicture } from './licence.server.ts';
import { addDays } from './rules.ts';
import { AGREEMENT_TYPES } from './types.ts';

let database: Database;
let db: Db;
const ids: Record<string, number> = {};
const NOW = SEED_NOW;
const TODAY = shopDay(NOW);

beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
  vi.spyOn(console, 'log').mockImplementation(() => {});
  for (const row of await db.select({ id: users.id, phone: users.phone }).from(users))
    if (row.phone) ids[row.phone] = row.id;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await database.close();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error & { code: number }) => ({ code: error.code, message: error.message }),
  );

const V2_TEXT = [
  '本协议是你与本店经营者之间就使用本店服务所订立的协议，本版本自生效之日起替代此前的版本。',
  '# 一、服务内容',
  '本店提供品牌特卖、优惠券、直播和售后服务，具体以页面展示为准。',
  '# 二、个人信息',
  '我们按照《隐私政策》处理你的个人信息，新增的处理目的会事先征得你的同意。',
].join('\n');

/** A shop of its own with a manager and a shopper, so each test's versions stand alone. */
async function shopWithManager() {
  const shop = await givenShop(db);
  const manager = await givenMember(db, shop.shopId, { role: 4 });
  const shopper = await givenMember(db, shop.shopId, { role: 1 });
  return { ...shop, managerId: manager.id, shopperId: shopper.id };
}

const viewerOf = (shopId: string, userId: number) => ({
  shopId,
  userId,
  keeper: false,
  signedContract: false,
});

const client = { clientIp: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0' };

describe('every shop’s agreements', () => {
  it('start at version 1 of every type, the platform’s text, in force since it took effect', async () => {
    const list = await listAgreements(db, '1001', NOW);
    expect(list.map((a) => a.type)).toEqual([...AGREEMENT_TYPES]);
    expect(list.every((a) => a.current.version === 1 && a.upcoming === null)).toBe(true);
    const page = (await readAgreementPage(db, '1001', 'registrationProtocol', { now: NOW }))!;
    expect(page.shown).toMatchObject({ version: 1, title: '用户注册协议', state: 'current' });
    expect(page.shown.document.effective).toBe('生效日期：2025年6月1日');
    expect(page.shown.textHash).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await db
      .select()
      .from(agreements)
      .where(and(eq(agreements.shopId, '1001'), eq(agreements.type, 'registrationProtocol')));
    expect(row!.textHash).toBe(textHash(row!));
  });

  it('are shown by version: one the shop never published is not there', async () => {
    expect(
      await readAgreementPage(db, '1001', 'userPrivacyPolicy', { version: 9, now: NOW }),
    ).toBeNull();
  });
});

describe('publishing a version', () => {
  it('numbers it after the latest, in force from its day, with every version readable', async () => {
    const shop = await shopWithManager();
    const published = await publishAgreement(db, {
      shopId: shop.shopId,
      userId: shop.managerId,
      type: 'registrationProtocol',
      draft: { title: '用户注册协议', effectiveDate: TODAY, text: V2_TEXT },
      baseVersion: 1,
      now: NOW,
    });
    expect(published).toMatchObject({ version: 2, state: 'current', effectiveDate: TODAY });
    const page = (await readAgreementPage(db, shop.shopId, 'registrationProtocol', { now: NOW }))!;
    expect(page.shown).toMatchObject({ version: 2, textHash: published.textHash });
    expect(page.shown.document.sections.map((s) => s.heading)).toEqual([
      '一、服务内容',
      '二、个人信息',
    ]);
    expect(page.history.map((v) => [v.version, v.state])).toEqual([
      [2, 'current'],
      [1, 'past'],
    ]);
    const old = await readAgreementPage(db, shop.shopId, 'registrationProtocol', {
      version: 1,
      now: NOW,
    });
    expect(old!.shown).toMatchObject({ version: 1, state: 'past' });

    // The row says who published it and when; its hash covers title, date and text.
    const [row] = await db
      .select()
      .from(agreements)
      .where(and(eq(agreements.shopId, shop.shopId), eq(agreements.version, 2)));
    expect(row).toMatchObject({
      publishedBy: shop.managerId,
      publishedAt: NOW,
      effectiveDate: TODAY,
    });
    expect(row!.textHash).toBe(textHash(row!));
  });

  it('announces a version for a later day: the one before stays in force until then', async () => {
    const shop = await shopWithManager();
    const later = addDays(TODAY, 10);
    const published = await publishAgreement(db, {
      shopId: shop.shopId,
      userId: shop.managerId,
      type: 'userPrivacyPolicy',
      draft: { title: '隐私政策', effectiveDate: later, text: V2_TEXT },
      now: NOW,
    });
    expect(published.state).toBe('upcoming');
    const list = await listAgreements(db, shop.shopId, NOW);
    expect(list.find((a) => a.type === 'userPrivacyPolicy')).toMatchObject({
      current: { version: 1 },
      upcoming: { version: 2, effectiveDate: later },
    });
    const then = new Date(NOW.getTime() + 10 * 86_400_000);
    expect(
      (await readAgreementPage(db, shop.shopId, 'userPrivacyPolicy', { now: then }))!.shown.version,
    ).toBe(2);
  });

  it('refuses a bad draft with its exact reason, and a text the latest already has', async () => {
    const shop = await shopWithManager();
    const publish = (
      draft: { title: string; effectiveDate: string; text: string },
      baseVersion?: number,
    ) =>
      refusal(
        publishAgreement(db, {
          shopId: shop.shopId,
          userId: shop.managerId,
          type: 'commitment',
          draft,
          baseVersion,
          now: NOW,
        }),
      );
    expect(await publish({ title: '', effectiveDate: TODAY, text: V2_TEXT })).toEqual({
      code: 49904,
      message: '请填写协议标题',
    });
    expect(
      await publish({ title: '商家承诺书', effectiveDate: addDays(TODAY, -1), text: V2_TEXT }),
    ).toEqual({
      code: 49907,
      message: '生效日期不能早于今天',
    });
    const latest = await readManagedAgreement(db, {
      shopId: shop.shopId,
      userId: shop.managerId,
      type: 'commitment',
      now: NOW,
    });
    expect(
      await publish({
        title: latest.latest.title,
        effectiveDate: TODAY,
        text: `${latest.latest.text}\n`,
      }),
    ).toEqual({ code: 49916, message: '标题和正文与最新版本相同，无需发布新版本' });
    // The manager saw version 1; another version published since is not published over.
    expect(
      await publish({ title: '商家承诺书', effectiveDate: TODAY, text: V2_TEXT }, 1),
    ).toBeNull();
    expect(
      await publish({ title: '商家承诺书（修订）', effectiveDate: TODAY, text: V2_TEXT }, 1),
    ).toEqual({
      code: 49917,
      message: '该协议刚刚发布了新版本，请刷新页面后重试',
    });
  });

  it('is for the shop’s manager only', async () => {
    const shop = await shopWithManager();
    const other = await shopWithManager();
    const draft = { title: '用户注册协议', effectiveDate: TODAY, text: V2_TEXT };
    const attempt = (shopId: string, userId: number) =>
      refusal(
        publishAgreement(db, { shopId, userId, type: 'registrationProtocol', draft, now: NOW }),
      );
    const notManager = { code: 49903, message: '只有本店管理员可以发布协议' };
    expect(await attempt(shop.shopId, shop.shopperId)).toEqual(notManager);
    // The owner is a keeper (role D), not the manager.
    expect(await attempt(shop.shopId, shop.ownerId)).toEqual(notManager);
    // Another shop's manager is nobody here.
    expect(await attempt(shop.shopId, other.managerId)).toEqual(notManager);
    expect(
      await refusal(
        readManagedAgreement(db, {
          shopId: shop.shopId,
          userId: shop.shopperId,
          type: 'commitment',
        }),
      ),
    ).toEqual(notManager);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(agreements)
      .where(eq(agreements.shopId, shop.shopId));
    expect(count!.n).toBe(0);
  });
});

describe('a published version', () => {
  it('is never edited: the database refuses any change to it', async () => {
    const [row] = await db
      .select()
      .from(agreements)
      .where(and(eq(agreements.shopId, '1001'), eq(agreements.type, 'userPrivacyPolicy')));
    const change = refusal(
      db.update(agreements).set({ title: '隐私政策（改）' }).where(eq(agreements.id, row!.id)),
    );
    expect(await change).not.toBeNull();
    const hashChange = refusal(
      db
        .update(agreements)
        .set({ textHash: '0'.repeat(64) })
        .where(eq(agreements.id, row!.id)),
    );
    expect(await hashChange).not.toBeNull();
    const [after] = await db.select().from(agreements).where(eq(agreements.id, row!.id));
    expect(after).toEqual(row);
  });
});

describe('accepting', () => {
  it('on the login form records the user agreement and privacy policy in force: version, time, client, hash', async () => {
    const phone = '13900002901';
    await issueCode(db, { phone, clientIp: client.clientIp, now: NOW });
    const code = (await readOutbox(db, phone))[0]!.code!;
    const { userId } = await loginWithPhone(db, {
      phone,
      code,
      clientIp: client.clientIp,
      accepted: { shopId: '1002', userAgent: client.userAgent },
      now: NOW,
    });
    const rows = await db
      .select()
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.userId, userId))
      .orderBy(agreementAcceptances.type);
    const versions = await db
      .select()
      .from(agreements)
      .where(and(eq(agreements.shopId, '1002'), eq(agreements.version, 1)));
    const hashOf = (type: string) => versions.find((v) => v.type === type)!.textHash;
    expect(rows.map(({ id: _, agreementId: __, ...rest }) => rest)).toEqual([
      {
        userId,
        shopId: '1002',
        type: 'registrationProtocol',
        version: 1,
        textHash: hashOf('registrationProtocol'),
        acceptedAt: NOW,
        clientIp: client.clientIp,
        userAgent: client.userAgent,
        via: 'login',
      },
      {
        userId,
        shopId: '1002',
        type: 'userPrivacyPolicy',
        version: 1,
        textHash: hashOf('userPrivacyPolicy'),
        acceptedAt: NOW,
        clientIp: client.clientIp,
        userAgent: client.userAgent,
        via: 'login',
      },
    ]);
    // Logging in without the box ticked (an API client) records nothing.
    await issueCode(db, { phone: '13900002902', clientIp: client.clientIp, now: NOW });
    const other = await loginWithPhone(db, {
      phone: '13900002902',
      code: (await readOutbox(db, '13900002902'))[0]!.code!,
      clientIp: client.clientIp,
      now: NOW,
    });
    expect(await listAcceptances(db, '1002', other.userId)).toEqual([]);
  });

  it('asks again after a new version, records the new one with its hash, then asks no more', async () => {
    const shop = await shopWithManager();
    const at = { shopId: shop.shopId, userId: shop.shopperId, ...client, via: 'prompt' as const };
    const v1 = (await readAgreementPage(db, shop.shopId, 'registrationProtocol', { now: NOW }))!
      .shown;
    await acceptAgreements(db, { ...at, now: NOW }, [
      { type: 'registrationProtocol', version: 1, textHash: v1.textHash },
    ]);
    expect(await pendingAgreements(db, viewerOf(shop.shopId, shop.shopperId), NOW)).toEqual([]);

    const v2 = await publishAgreement(db, {
      shopId: shop.shopId,
      userId: shop.managerId,
      type: 'registrationProtocol',
      draft: { title: '用户注册协议', effectiveDate: TODAY, text: V2_TEXT },
      now: NOW,
    });
    expect(await pendingAgreements(db, viewerOf(shop.shopId, shop.shopperId), NOW)).toEqual([
      {
        type: 'registrationProtocol',
        title: '用户注册协议',
        version: 2,
        effectiveDate: TODAY,
        textHash: v2.textHash,
      },
    ]);
    // A shopper who signed in before acceptances were kept counts as having accepted version 1:
    // asked too. A visitor to another shop is not.
    const legacy = await givenMember(db, shop.shopId, { role: 1 });
    expect(
      (await pendingAgreements(db, viewerOf(shop.shopId, legacy.id), NOW)).map((p) => p.version),
    ).toEqual([2]);
    expect(await pendingAgreements(db, viewerOf('1002', shop.shopperId), NOW)).toEqual([]);

    // The old version, or the new one with another text's hash, is not what is in force.
    const outdated = { code: 49902, message: '协议已更新，请阅读最新版本后再同意' };
    expect(
      await refusal(
        acceptAgreements(db, { ...at, now: NOW }, [
          { type: 'registrationProtocol', version: 1, textHash: v1.textHash },
        ]),
      ),
    ).toEqual(outdated);
    expect(
      await refusal(
        acceptAgreements(db, { ...at, now: NOW }, [
          { type: 'registrationProtocol', version: 2, textHash: v1.textHash },
        ]),
      ),
    ).toEqual(outdated);

    const later = new Date(NOW.getTime() + 60_000);
    const accepted = await acceptAgreements(db, { ...at, now: later }, [
      { type: 'registrationProtocol', version: 2, textHash: v2.textHash },
    ]);
    expect(accepted[0]).toEqual({
      type: 'registrationProtocol',
      title: '用户注册协议',
      version: 2,
      textHash: v2.textHash,
      acceptedAt: later.toISOString(),
      via: 'prompt',
    });
    expect(await pendingAgreements(db, viewerOf(shop.shopId, shop.shopperId), later)).toEqual([]);
    // Accepting again records nothing new.
    await acceptAgreements(db, { ...at, now: later }, [
      { type: 'registrationProtocol', version: 2, textHash: v2.textHash },
    ]);
    expect(await listAcceptances(db, shop.shopId, shop.shopperId)).toHaveLength(2);
  });

  it('asks for an announced version only once it is in force', async () => {
    const shop = await shopWithManager();
    const later = addDays(TODAY, 3);
    await publishAgreement(db, {
      shopId: shop.shopId,
      userId: shop.managerId,
      type: 'userPrivacyPolicy',
      draft: { title: '隐私政策', effectiveDate: later, text: V2_TEXT },
      now: NOW,
    });
    expect(await pendingAgreements(db, viewerOf(shop.shopId, shop.shopperId), NOW)).toEqual([]);
    const then = new Date(NOW.getTime() + 3 * 86_400_000);
    expect(
      (await pendingAgreements(db, viewerOf(shop.shopId, shop.shopperId), then)).map((p) => [
        p.type,
        p.version,
      ]),
    ).toEqual([['userPrivacyPolicy', 2]]);
  });

  it('is each shop’s own: a user sees only the acceptances of the shop asked about', async () => {
    const user = await givenUser(db);
    for (const shopId of ['1001', '1002']) {
      const page = (await readAgreementPage(db, shopId, 'userPrivacyPolicy', { now: NOW }))!;
      await acceptAgreements(db, { shopId, userId: user.id, ...client, via: 'page', now: NOW }, [
        { type: 'userPrivacyPolicy', version: page.shown.version, textHash: page.shown.textHash },
      ]);
    }
    const in1002 = await listAcceptances(db, '1002', user.id);
    expect(in1002).toHaveLength(1);
    const [row] = await db
      .select()
      .from(agreementAcceptances)
      .where(
        and(eq(agreementAcceptances.userId, user.id), eq(agreementAcceptances.shopId, '1002')),
      );
    const [version] = await db.select().from(agreements).where(eq(agreements.id, row!.agreementId));
    expect(version!.shopId).toBe('1002');
    expect(in1002[0]!.textHash).toBe(version!.textHash);
  });
});

describe('two accounts of one person merged', () => {
  it('keep every acceptance once, and who published a version follows the person', async () => {
    const shop = await shopWithManager();
    const other = await givenMember(db, shop.shopId, { role: 4 });
    const published = await publishAgreement(db, {
      shopId: shop.shopId,
      userId: other.id,
      type: 'commitment',
      draft: { title: '商家承诺书', effectiveDate: TODAY, text: V2_TEXT },
      now: NOW,
    });
    for (const userId of [shop.managerId, other.id]) {
      for (const type of ['commitment', 'userPrivacyPolicy'] as const) {
        if (type === 'userPrivacyPolicy' && userId === other.id) continue;
        const page = (await readAgreementPage(db, shop.shopId, type, { now: NOW }))!;
        await acceptAgreements(
          db,
          { shopId: shop.shopId, userId, ...client, via: 'page', now: NOW },
          [{ type, version: page.shown.version, textHash: page.shown.textHash }],
        );
      }
    }
    // The other account is the person's messaging-app one.
    await db
      .update(users)
      .set({ phone: null, openId: `sbx_legal_merge_${other.id}` })
      .where(eq(users.id, other.id));
    await mergeAccounts(db, { keepId: shop.managerId, goneId: other.id });
    expect(
      (await listAcceptances(db, shop.shopId, shop.managerId))
        .map((a) => [a.type, a.version])
        .sort(),
    ).toEqual([
      ['commitment', published.version],
      ['userPrivacyPolicy', 1],
    ]);
    const [row] = await db
      .select({ publishedBy: agreements.publishedBy, textHash: agreements.textHash })
      .from(agreements)
      .where(
        and(
          eq(agreements.shopId, shop.shopId),
          eq(agreements.type, 'commitment'),
          eq(agreements.version, 2),
        ),
      );
    expect(row).toEqual({ publishedBy: shop.managerId, textHash: published.textHash });
  });
});

describe('the keeper contract', () => {
  it('is asked of a keeper when a new version of the keeper agreement is in force, and records the version signed', async () => {
    const shop = await shopWithManager();
    // The owner signed before versions were kept (sign_agreement): version 1 stands.
    expect((await contractState(db, shop.shopId, shop.ownerId, NOW)).needSign).toBe(false);
    const v2 = await publishAgreement(db, {
      shopId: shop.shopId,
      userId: shop.managerId,
      type: 'shopKeeperProtocol',
      draft: { title: '店主服务协议', effectiveDate: TODAY, text: V2_TEXT },
      now: NOW,
    });
    expect(await contractState(db, shop.shopId, shop.ownerId, NOW)).toEqual({
      currentRole: 3,
      maxRole: 3,
      signAgreement: true,
      needSign: true,
    });
    // A shopper is never asked.
    expect((await contractState(db, shop.shopId, shop.shopperId, NOW)).needSign).toBe(false);
    expect(
      await refusal(
        signContract(db, shop.shopId, shop.ownerId, {
          ...client,
          shown: { version: 1, textHash: v2.textHash },
          now: NOW,
        }),
      ),
    ).toMatchObject({ code: 49902 });
    await signContract(db, shop.shopId, shop.ownerId, {
      ...client,
      shown: { version: 2, textHash: v2.textHash },
      now: NOW,
    });
    expect((await contractState(db, shop.shopId, shop.ownerId, NOW)).needSign).toBe(false);
    expect(await listAcceptances(db, shop.shopId, shop.ownerId)).toEqual([
      expect.objectContaining({
        type: 'shopKeeperProtocol',
        version: 2,
        textHash: v2.textHash,
        via: 'contract',
      }),
    ]);
  });

  it('signed first without naming a version records the one in force', async () => {
    const shop = await shopWithManager();
    const keeper = await givenMember(db, shop.shopId, { role: 3 });
    expect((await contractState(db, shop.shopId, keeper.id, NOW)).needSign).toBe(true);
    await signContract(db, shop.shopId, keeper.id, { clientIp: null, userAgent: null, now: NOW });
    expect((await contractState(db, shop.shopId, keeper.id, NOW)).needSign).toBe(false);
    expect(
      (await listAcceptances(db, shop.shopId, keeper.id)).map((a) => [a.type, a.version]),
    ).toEqual([['shopKeeperProtocol', 1]]);
  });
});

describe('the business licence', () => {
  const facts = {
    kind: '有限责任公司',
    name: '测试优选电子商务有限公司',
    creditCode: '91330100799655058B',
    representative: '张三',
    capital: '50万元人民币',
    foundedOn: '2020-01-02',
    termStart: '2020-01-02',
    termEnd: '',
    address: '浙江省杭州市余杭区文一西路969号',
    scope: '互联网销售（除销售需要许可的商品）。',
    authority: '杭州市余杭区市场监督管理局',
  };
  // A 600×420 PNG: large enough to read.
  const png = async () => {
    const sharp = (await import('sharp')).default;
    return new Uint8Array(
      await sharp({ create: { width: 600, height: 420, channels: 3, background: '#f5e6c8' } })
        .png()
        .toBuffer(),
    );
  };

  it('is entered by the shop’s owner with its picture, and shown to everyone', async () => {
    const shop = await shopWithManager();
    expect(await readLicence(db, shop.shopId)).toBeNull();
    expect(
      await refusal(
        saveLicence(db, { shopId: shop.shopId, userId: shop.ownerId, licence: facts, now: NOW }),
      ),
    ).toEqual({ code: 49939, message: '请上传营业执照照片' });
    const { pictureMediaId, pictureUrl } = await uploadLicencePicture(db, {
      shopId: shop.shopId,
      userId: shop.ownerId,
      upload: await png(),
      now: NOW,
    });
    const saved = await saveLicence(db, {
      shopId: shop.shopId,
      userId: shop.ownerId,
      licence: facts,
      pictureMediaId,
      now: NOW,
    });
    expect(saved).toMatchObject({
      pictureUrl,
      facts: { name: facts.name, creditCode: '91330100799655058B', termEnd: null },
    });
    // Saved again without a new picture, the picture stays.
    const again = await saveLicence(db, {
      shopId: shop.shopId,
      userId: shop.ownerId,
      licence: { ...facts, capital: '80万元人民币' },
      now: NOW,
    });
    expect(again).toMatchObject({ pictureUrl, facts: { capital: '80万元人民币' } });
  });

  it('is refused to anybody but the owner, and with a wrong code', async () => {
    const shop = await shopWithManager();
    const notOwner = { code: 49921, message: '只有店主可以填写营业执照信息' };
    expect(
      await refusal(
        saveLicence(db, { shopId: shop.shopId, userId: shop.managerId, licence: facts, now: NOW }),
      ),
    ).toEqual(notOwner);
    expect(
      await refusal(
        uploadLicencePicture(db, {
          shopId: shop.shopId,
          userId: shop.shopperId,
          upload: await png(),
          now: NOW,
        }),
      ),
    ).toEqual(notOwner);
    expect(
      await refusal(
        saveLicence(db, {
          shopId: shop.shopId,
          userId: shop.ownerId,
          licence: { ...facts, creditCode: '91330100799655058C' },
          now: NOW,
        }),
      ),
    ).toEqual({ code: 49925, message: '统一社会信用代码校验位不正确，请对照营业执照核对' });
    // Somebody else's picture never becomes this shop's licence.
    const stranger = await givenShop(db);
    const theirs = await uploadLicencePicture(db, {
      shopId: stranger.shopId,
      userId: stranger.ownerId,
      upload: await png(),
      now: NOW,
    });
    expect(
      await refusal(
        saveLicence(db, {
          shopId: shop.shopId,
          userId: shop.ownerId,
          licence: facts,
          pictureMediaId: theirs.pictureMediaId,
          now: NOW,
        }),
      ),
    ).toEqual({ code: 49941, message: '营业执照照片无效，请重新上传' });
    expect(
      await db.select().from(shopLicences).where(eq(shopLicences.shopId, shop.shopId)),
    ).toEqual([]);
  });

  it('is seeded for both demo shops with a picture', async () => {
    for (const shopId of ['1001', '1002']) {
      const licence = await readLicence(db, shopId);
      expect(licence?.pictureUrl).toMatch(/^\/media\/\d+$/);
      expect(licence?.facts.creditCode).toMatch(/^9[12]\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/);
    }
  });
});
