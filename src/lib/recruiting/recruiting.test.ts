/** The keeper's own shop and recruiting, on PGlite with the real migrations. */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenMember,
  givenUser,
  givenOrder,
  givenProduct,
  givenSale,
  givenShop,
  type GivenShop,
} from '#tests/fixtures/given.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import {
  activities,
  keeperUnbindings,
  shopMembers,
  shops,
  smsOutbox,
} from '#lib/platform/db/schema.ts';
import { codeInText } from '#lib/identity/sms/outbox.server.ts';
import { registerShopKeeper, signContract } from '#lib/membership/membership.server.ts';
import {
  KeeperAccount,
  ShopAccount,
  TransferKind,
  TransferReason,
} from '#lib/commission/ledger.ts';
import {
  auditLedger,
  keeperAccount,
  resolvePending,
  shopAccount,
  transfer,
} from '#lib/commission/ledger.server.ts';
import { OrderStatus } from '#lib/orders/status.ts';
import { getKeeperShopInfo, updateKeeperShopInfo } from './shop-info.server.ts';
import {
  fissionBanner,
  inviteCounts,
  invitedKeepers,
  recentKeepers,
  whiteListStatus,
} from './invitations.server.ts';
import { deleteCompose, myComposes, readCompose, saveCompose } from './compose.server.ts';
import {
  sendUnbindCode,
  shopManagerPhone,
  unbindKeeper,
  unbindSwitch,
} from './unbinding.server.ts';
import { runningPromotions } from './promotions.server.ts';

let database: Database;
let db: Database['db'];
let shop: GivenShop;

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  shop = await givenShop(db, { name: '森野优选' });
});
afterAll(() => database.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error & { code: number }) => ({ code: error.code, message: error.message }),
  );

async function latestCode(phone: string): Promise<string> {
  const [sms] = await db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return codeInText(sms!.text)!;
}

describe('keeper-only reads and commands', () => {
  it('refuse a consumer, a manager and a disabled keeper with 40301', async () => {
    const consumer = await givenMember(db, shop.shopId, { role: 1 });
    const manager = await givenMember(db, shop.shopId, { role: 4 });
    const disabled = await givenMember(db, shop.shopId, { role: 3, distributorDisable: true });
    for (const who of [consumer, manager, disabled]) {
      for (const call of [
        getKeeperShopInfo(db, shop.shopId, who.id),
        inviteCounts(db, shop.shopId, who.id),
        invitedKeepers(db, shop.shopId, who.id, { pageNum: 1, pageSize: 10 }),
        whiteListStatus(db, shop.shopId, who.id),
        myComposes(db, shop.shopId, who.id),
        unbindSwitch(db, shop.shopId, who.id),
        shopManagerPhone(db, shop.shopId, who.id),
      ]) {
        expect(await refusal(call)).toMatchObject({ code: 40301 });
      }
    }
  });

  it('refuse a keeper of another shop', async () => {
    const other = await givenShop(db);
    expect(await refusal(getKeeperShopInfo(db, shop.shopId, other.ownerId))).toMatchObject({
      code: 40301,
    });
  });
});

describe('shop info', () => {
  it('starts as the nickname’s shop and saves a cleaned name and intro', async () => {
    const keeper = await givenMember(db, shop.shopId, { role: 3 });
    const before = await getKeeperShopInfo(db, shop.shopId, keeper.id);
    expect(before).toMatchObject({
      shopName: `用户${keeper.phone.slice(-4)}的小店`,
      intro: '',
      inviteCode: String(keeper.id),
      custom: false,
    });
    const saved = await updateKeeperShopInfo(db, shop.shopId, keeper.id, {
      shopName: '小美😀的衣橱',
      intro: '每天上新✨ 包邮',
    });
    expect(saved).toMatchObject({ shopName: '小美的衣橱', intro: '每天上新 包邮', custom: true });
    expect(await getKeeperShopInfo(db, shop.shopId, keeper.id)).toEqual(saved);
  });

  it('shows the owner the shop’s introduction they saved in store-setting until they write another', async () => {
    const owned = await givenShop(db);
    await db.update(shops).set({ intro: '店主自己写的店铺简介' }).where(eq(shops.id, owned.shopId));
    expect(await getKeeperShopInfo(db, owned.shopId, owned.ownerId)).toMatchObject({
      intro: '店主自己写的店铺简介',
      custom: false,
    });
    const saved = await updateKeeperShopInfo(db, owned.shopId, owned.ownerId, {
      shopName: '店主的推荐',
      intro: '只推好物',
    });
    expect(saved).toMatchObject({ shopName: '店主的推荐', intro: '只推好物', custom: true });
  });

  it('refuses a name that is too short once cleaned', async () => {
    const keeper = await givenMember(db, shop.shopId, { role: 3 });
    expect(
      await refusal(
        updateKeeperShopInfo(db, shop.shopId, keeper.id, { shopName: '🎉美', intro: '' }),
      ),
    ).toEqual({ code: 49101, message: '店铺名称需为2-20个字' });
  });
});

describe('invitations', () => {
  it('counts and lists the keepers a keeper invited, masked, only to that keeper', async () => {
    const inviter = await givenMember(db, shop.shopId, { role: 3 });
    await db
      .update(shopMembers)
      .set({ level: 1, signAgreement: true })
      .where(and(eq(shopMembers.shopId, shop.shopId), eq(shopMembers.userId, inviter.id)));
    // Friends who open the invitation before they are members of the shop; and a customer the
    // inviter brought in, who is not a recruit.
    const signed = await givenUser(db);
    const unsigned = await givenUser(db);
    const customer = await givenUser(db);
    await db
      .insert(shopMembers)
      .values({ shopId: shop.shopId, userId: customer.id, invitedBy: inviter.id });
    for (const friend of [signed, unsigned])
      await registerShopKeeper(db, {
        shopId: shop.shopId,
        userId: friend.id,
        channel: 'normal',
        inviterId: inviter.id,
      });
    await signContract(db, shop.shopId, signed.id);

    expect(await inviteCounts(db, shop.shopId, inviter.id)).toEqual({
      invited: 2,
      valid: 1,
      validThisMonth: 1,
    });
    const all = await invitedKeepers(db, shop.shopId, inviter.id, { pageNum: 1, pageSize: 10 });
    expect(all.total).toBe(2);
    expect(all.list.map((row) => [row.name, row.stateText]).sort()).toEqual(
      [
        ['用**', '待签约'],
        ['用**', '有效邀请'],
      ].sort(),
    );
    const rewards = await invitedKeepers(db, shop.shopId, inviter.id, {
      pageNum: 1,
      pageSize: 10,
      validOnly: true,
    });
    expect(rewards.total).toBe(1);
    // Another keeper sees none of them.
    expect(
      (await invitedKeepers(db, shop.shopId, signed.id, { pageNum: 1, pageSize: 10 })).total,
    ).toBe(0);
    expect((await fissionBanner(db, shop.shopId, inviter.id)).subtitle).toBe(
      '已有 2 位好友通过你开店，其中有效邀请 1 位',
    );
    expect(await recentKeepers(db, shop.shopId, { inviterId: inviter.id, limit: 5 })).toHaveLength(
      2,
    );
  });

  it('puts keepers who signed the contract on the white list', async () => {
    const keeper = await givenMember(db, shop.shopId, { role: 3 });
    expect(await whiteListStatus(db, shop.shopId, keeper.id)).toEqual({
      inWhiteList: false,
      reason: '签署店主服务协议后即可邀请好友开店',
    });
    await signContract(db, shop.shopId, keeper.id);
    expect(await whiteListStatus(db, shop.shopId, keeper.id)).toEqual({
      inWhiteList: true,
      reason: null,
    });
  });
});

describe('搭配', () => {
  it('lets a keeper make, change and delete a set that anyone can open, priced now', async () => {
    const keeper = await givenMember(db, shop.shopId, { role: 3 });
    const other = await givenMember(db, shop.shopId, { role: 3 });
    const sale = await givenSale(db, shop.shopId);
    const a = await givenProduct(db, sale, { priceCents: 9_900 });
    const b = await givenProduct(db, sale, { priceCents: 5_000 });
    const ended = await givenProduct(db, await givenSale(db, shop.shopId, { state: 'ended' }));

    const set = await saveCompose(db, shop.shopId, keeper.id, {
      title: '周末出游🎒',
      intro: '轻便好搭',
      productNos: [a.productNo, b.productNo],
    });
    expect(set).toMatchObject({ title: '周末出游', totalCents: 14_900 });
    expect(set.products.map((p) => p.productNo)).toEqual([a.productNo, b.productNo]);

    const view = await readCompose(db, shop.shopId, set.composeId);
    expect(view.keeperId).toBe(keeper.id);
    expect(view.keeper.shopName).toBe(`用户${keeper.phone.slice(-4)}的小店`);

    expect(
      await refusal(
        saveCompose(db, shop.shopId, keeper.id, {
          title: '周末出游',
          intro: '',
          productNos: [a.productNo, ended.productNo],
        }),
      ),
    ).toMatchObject({ code: 49106 });
    // Someone else's set is not theirs to change or delete.
    expect(
      await refusal(
        saveCompose(db, shop.shopId, other.id, {
          composeId: set.composeId,
          title: '改名',
          intro: '',
          productNos: [a.productNo, b.productNo],
        }),
      ),
    ).toMatchObject({ code: 40431 });
    expect(await refusal(deleteCompose(db, shop.shopId, other.id, set.composeId))).toMatchObject({
      code: 40431,
    });
    expect(await myComposes(db, shop.shopId, other.id)).toEqual([]);

    const changed = await saveCompose(db, shop.shopId, keeper.id, {
      composeId: set.composeId,
      title: '周末出游',
      intro: '',
      productNos: [b.productNo, a.productNo],
    });
    expect(changed.products.map((p) => p.productNo)).toEqual([b.productNo, a.productNo]);
    expect(await deleteCompose(db, shop.shopId, keeper.id, set.composeId)).toEqual({
      composeId: set.composeId,
    });
    expect(await refusal(readCompose(db, shop.shopId, set.composeId))).toMatchObject({
      code: 40431,
    });
  });

  it('answers a set of another shop as not found', async () => {
    const keeper = await givenMember(db, shop.shopId, { role: 3 });
    const sale = await givenSale(db, shop.shopId);
    const a = await givenProduct(db, sale);
    const b = await givenProduct(db, sale);
    const set = await saveCompose(db, shop.shopId, keeper.id, {
      title: '好物合集',
      intro: '',
      productNos: [a.productNo, b.productNo],
    });
    const other = await givenShop(db);
    expect(await refusal(readCompose(db, other.shopId, set.composeId))).toMatchObject({
      code: 40431,
    });
  });
});

describe('promotions', () => {
  it('lists running sales with N件X折 first, labelled', async () => {
    const own = await givenShop(db);
    await givenSale(db, own.shopId, { title: '品牌特卖' });
    const npiece = await givenSale(db, own.shopId, { kind: 'npiece', title: '三件七折' });
    // The builder has no rule option: the sale's N件X折 rule is set here.
    await db
      .update(activities)
      .set({ rule: { pieces: 3, discountTenths: 7 } })
      .where(eq(activities.id, npiece.id));
    await givenSale(db, own.shopId, { state: 'ended' });
    const list = await runningPromotions(db, own.shopId);
    expect(list.map((p) => [p.title, p.label])).toEqual([
      ['三件七折', '3件7折'],
      ['品牌特卖', '品牌特卖'],
    ]);
  });
});

describe('unbinding', () => {
  async function keeperWithPhone() {
    const keeper = await givenMember(db, shop.shopId, { role: 3 });
    await db
      .update(shopMembers)
      .set({ level: 1 })
      .where(and(eq(shopMembers.shopId, shop.shopId), eq(shopMembers.userId, keeper.id)));
    return keeper;
  }

  it('shows the shop manager’s phone masked', async () => {
    const keeper = await keeperWithPhone();
    expect(await shopManagerPhone(db, shop.shopId, keeper.id)).toEqual({
      nickname: '店主',
      phone: `${shop.ownerPhone.slice(0, 3)}****${shop.ownerPhone.slice(-4)}`,
    });
  });

  it('never lets the owner leave', async () => {
    expect(await unbindSwitch(db, shop.shopId, shop.ownerId)).toMatchObject({
      open: false,
      reason: '店长不能解除与本店的绑定',
    });
    expect(
      await refusal(
        sendUnbindCode(db, { shopId: shop.shopId, userId: shop.ownerId, clientIp: null }),
      ),
    ).toMatchObject({ code: 49108 });
  });

  it('unbinds a keeper with the code sent to their phone: a customer again, recorded', async () => {
    const keeper = await keeperWithPhone();
    expect(await unbindSwitch(db, shop.shopId, keeper.id)).toMatchObject({
      open: true,
      reason: null,
    });
    expect(
      await sendUnbindCode(db, { shopId: shop.shopId, userId: keeper.id, clientIp: '10.1.0.1' }),
    ).toEqual({ phone: `${keeper.phone.slice(0, 3)}****${keeper.phone.slice(-4)}` });
    const code = await latestCode(keeper.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await refusal(
        unbindKeeper(db, {
          shopId: shop.shopId,
          userId: keeper.id,
          code: wrong,
          clientIp: '10.1.0.1',
        }),
      ),
    ).toMatchObject({ code: 40010 });
    expect(
      await unbindKeeper(db, {
        shopId: shop.shopId,
        userId: keeper.id,
        code,
        clientIp: '10.1.0.1',
      }),
    ).toEqual({ currentRole: 1 });
    const [member] = await db
      .select({ role: shopMembers.role, maxRole: shopMembers.maxRole, level: shopMembers.level })
      .from(shopMembers)
      .where(and(eq(shopMembers.shopId, shop.shopId), eq(shopMembers.userId, keeper.id)));
    expect(member).toEqual({ role: 1, maxRole: 1, level: null });
    expect(
      await db.select().from(keeperUnbindings).where(eq(keeperUnbindings.userId, keeper.id)),
    ).toHaveLength(1);
    // No longer a keeper: every keeper call refuses.
    expect(await refusal(unbindSwitch(db, shop.shopId, keeper.id))).toMatchObject({ code: 40301 });
  });

  it('refuses while the keeper has money pending, available, or an unpaid promotion order', async () => {
    const keeper = await keeperWithPhone();
    const now = new Date();
    await db.transaction(async (tx) => {
      await transfer(tx, {
        id: `test:pending:${keeper.id}`,
        kind: TransferKind.Pending,
        debitAccountId: await shopAccount(tx, shop.shopId, ShopAccount.Commission),
        creditAccountId: await keeperAccount(tx, shop.shopId, keeper.id, KeeperAccount.Available),
        amountCents: 500,
        reason: TransferReason.Commission,
        now,
      });
    });
    expect(await unbindSwitch(db, shop.shopId, keeper.id)).toMatchObject({
      open: false,
      reason: '你还有待结算的收益，请结算完成后再解除绑定',
    });
    expect(
      await refusal(sendUnbindCode(db, { shopId: shop.shopId, userId: keeper.id, clientIp: null })),
    ).toMatchObject({ code: 49110 });

    await db.transaction((tx) =>
      resolvePending(tx, {
        pendingId: `test:pending:${keeper.id}`,
        id: `test:settle:${keeper.id}`,
        kind: TransferKind.Post,
        reason: TransferReason.Settle,
        now,
      }),
    );
    expect((await unbindSwitch(db, shop.shopId, keeper.id)).reason).toBe(
      '你还有可提现余额，请先提现后再解除绑定',
    );
    expect(await auditLedger(db)).toEqual([]);

    const another = await keeperWithPhone();
    const sale = await givenSale(db, shop.shopId);
    await givenProduct(db, sale);
    await givenOrder(db, {
      shopId: shop.shopId,
      userId: (await givenMember(db, shop.shopId)).id,
      status: OrderStatus.AwaitingPayment,
      distributorId: another.id,
    });
    expect((await unbindSwitch(db, shop.shopId, another.id)).reason).toBe(
      '你有待付款的推广订单，请订单关闭或付款后再解除绑定',
    );
  });
});
