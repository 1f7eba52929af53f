import { TEST_COUPON_RULES, givenLottery } from '#tests/fixtures/given.ts';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase, queryRows } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import {
  HANDLED_USER_COLUMNS,
  MergeRefused,
  mergeAccounts,
  userReferences,
} from './accounts.server.ts';
import { createSession, getSessionUser } from './sessions.server.ts';
import { demoPhones } from '#demo/handles.ts';
import { drawLottery } from '#lib/lottery/draw.server.ts';
import { keeperAccount } from '#lib/commission/ledger.server.ts';
import { KeeperAccount } from '#lib/commission/ledger.ts';

let database: Database;
let skuA: number;
let skuB: number;
let skuC: number;
let couponId: number;
let owner1001: number;

beforeAll(async () => {
  database = await memoryDatabase();
  const skuRows = await database.db
    .select({ id: t.skus.id })
    .from(t.skus)
    .orderBy(t.skus.id)
    .limit(3);
  [skuA, skuB, skuC] = skuRows.map((r) => r.id) as [number, number, number];
  const [coupon] = await database.db.select({ id: t.coupons.id }).from(t.coupons).limit(1);
  couponId = coupon!.id;
  const [owner] = await database.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, demoPhones.owner1001));
  owner1001 = owner!.id;
});
afterAll(() => database.close());

let serial = 0;
async function user(values: Partial<typeof t.users.$inferInsert>): Promise<number> {
  const [row] = await database.db
    .insert(t.users)
    .values({ nickname: '', ...values })
    .returning({ id: t.users.id });
  return row!.id;
}
const phone = () => `1370000${String(++serial).padStart(4, '0')}`;

async function order(userId: number, distributorId: number | null = null) {
  const money = { goodsCents: 1000, discountCents: 0, couponCents: 0, freightCents: 0 };
  const [group] = await database.db
    .insert(t.orderGroups)
    .values({
      groupNo: `G${++serial}`,
      shopId: '1001',
      userId,
      ...money,
      payCents: 1000,
      payDeadline: SEED_NOW,
    })
    .returning({ id: t.orderGroups.id });
  const [row] = await database.db
    .insert(t.orders)
    .values({
      orderNo: `O${Date.now()}${++serial}`,
      groupId: group!.id,
      shopId: '1001',
      userId,
      distributorId,
      goodsCents: 1000,
      payCents: 1000,
      address: { name: 'x', phone: '', province: '', city: '', district: '', detail: '' },
      payDeadline: SEED_NOW,
    })
    .returning({ id: t.orders.id });
  return row!.id;
}

/** Every row in the database that refers to the account, by table.column. */
async function referencesTo(userId: number): Promise<string[]> {
  const found: string[] = [];
  for (const ref of await userReferences(database.db)) {
    const [row] = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from ${sql.raw(ref.qualified_table)} where ${sql.raw(ref.quoted_column)} = ${userId}`,
    );
    if (row!.n > 0) found.push(`${ref.table_name}.${ref.column_name}`);
  }
  const media = await database.db
    .select({ id: t.media.id })
    .from(t.media)
    .where(eq(t.media.ownerUserId, userId));
  if (media.length > 0) found.push('media.owner_user_id');
  return found;
}

describe('merging a messaging-app account into a phone account', () => {
  it('has a rule for every column that refers to users', async () => {
    const columns = (await userReferences(database.db)).map(
      (r) => `${r.table_name}.${r.column_name}`,
    );
    // A new table referring to users is still merged (moved as it is), but deserves a look.
    expect(columns.filter((c) => !HANDLED_USER_COLUMNS.has(c))).toEqual([]);
  });

  it('keeps every row of both accounts, combining the ones that must be one', async () => {
    const db = database.db;
    const phoneAccount = await user({ phone: phone(), nickname: '老用户' });
    const appPhone = phone();
    const appOpenId = `sbx_merge_${serial}`;
    const appAccount = await user({
      openId: appOpenId,
      defaultPhone: appPhone,
      nickname: '微信用户ABCD',
      avatarUrl: '/media/1',
    });
    const invitee = await user({ phone: phone() });

    // Memberships: both in 1001 (the app account is a distributor there), the app one in 1002.
    await db.insert(t.shopMembers).values([
      { shopId: '1001', userId: phoneAccount, role: 1, maxRole: 1, signAgreement: true },
      {
        shopId: '1001',
        userId: appAccount,
        role: 3,
        maxRole: 3,
        level: 2,
        invitedBy: owner1001,
      },
      { shopId: '1002', userId: appAccount, role: 1, maxRole: 1 },
      { shopId: '1002', userId: invitee, role: 1, maxRole: 1, invitedBy: appAccount },
    ]);
    // Sessions: each account's browser stays signed in, as the merged account.
    const phoneToken = await createSession(db, phoneAccount);
    const appToken = await createSession(db, appAccount);
    // Carts: the same SKU in both (60 + 50 → capped at 99), and one line each of their own.
    await db.insert(t.cartItems).values([
      { shopId: '1001', userId: phoneAccount, skuId: skuA, quantity: 60, selected: false },
      { shopId: '1001', userId: appAccount, skuId: skuA, quantity: 50, distributorId: owner1001 },
      { shopId: '1001', userId: phoneAccount, skuId: skuB, quantity: 2 },
      { shopId: '1001', userId: appAccount, skuId: skuC, quantity: 3 },
      { shopId: '1002', userId: invitee, skuId: skuC, quantity: 1, distributorId: appAccount },
    ]);
    // Coupons, addresses (both default), real names (only the app one verified).
    await db.insert(t.userCoupons).values(
      [phoneAccount, appAccount].map((userId) => ({
        couponId,
        userId,
        shopId: '1001',
        rules: TEST_COUPON_RULES,
        validFrom: SEED_NOW,
        validTo: SEED_NOW,
      })),
    );
    await db.insert(t.addresses).values(
      [phoneAccount, appAccount].map((userId) => ({
        userId,
        name: `收件人${userId}`,
        phone: '13700000000',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        detail: '文三路',
        isDefault: true,
      })),
    );
    await db.insert(t.realNames).values([
      {
        userId: phoneAccount,
        nameMasked: '未核验',
        nameCipher: 'x',
        idNumberMasked: '3301**',
        idNumberCipher: 'x',
        idNumberHash: 'a',
      },
      {
        userId: appAccount,
        nameMasked: '已核验',
        nameCipher: 'x',
        idNumberMasked: '3302**',
        idNumberCipher: 'x',
        idNumberHash: 'b',
        verifiedAt: SEED_NOW,
      },
    ]);
    // Orders of both; an order the app account earned as distributor.
    const keptOrder = await order(phoneAccount);
    const movedOrder = await order(appAccount);
    const otherOrder = await order(appAccount);
    const earnedOrder = await order(invitee, appAccount);
    // Ledger accounts of the app account in 1002 (taken over); a card and a withdrawal.
    const appAvailable = await keeperAccount(db, '1002', appAccount, KeeperAccount.Available);
    const [card] = await db
      .insert(t.bankCards)
      .values({
        userId: appAccount,
        bankCode: 'ICBC',
        bankName: '工商银行',
        holderName: '某',
        cardNoMasked: '6222**',
        cardNoCipher: 'c',
        cardNoHash: 'h',
      })
      .returning({ id: t.bankCards.id });
    await db.insert(t.withdrawals).values([
      {
        withdrawalNo: `W${serial}a`,
        shopId: '1001',
        userId: phoneAccount,
        bankCardId: card!.id,
        cardLabel: '工商银行 6222**',
        amountCents: 1,
        idempotencyKey: 'w',
      },
      {
        withdrawalNo: `W${serial}b`,
        shopId: '1001',
        userId: appAccount,
        bankCardId: card!.id,
        cardLabel: '工商银行 6222**',
        amountCents: 2,
        idempotencyKey: 'w',
      },
    ]);
    // Seen guides and closed popups, one of each seen by both.
    await db.insert(t.guideTags).values([
      { shopId: '1001', userId: phoneAccount, tagName: 'indexFilter' },
      { shopId: '1001', userId: appAccount, tagName: 'indexFilter' },
      { shopId: '1001', userId: appAccount, tagName: 'myWithdraw' },
    ]);
    await db.insert(t.popupCloses).values([
      { userId: phoneAccount, code: 'P1' },
      { userId: appAccount, code: 'P1' },
      { userId: appAccount, code: 'P2' },
    ]);
    // An uploaded picture, a share link and a shop of the app account.
    const [picture] = await db
      .insert(t.media)
      .values({
        contentType: 'image/png',
        bytes: new Uint8Array([1]),
        width: 1,
        height: 1,
        isPublic: false,
        ownerUserId: appAccount,
      })
      .returning({ id: t.media.id });
    await db.insert(t.shareLinks).values({
      code: `m${serial}`,
      shopId: '1001',
      distributorId: appAccount,
      contentType: 1,
      target: { route: 'index' },
    });
    await db.insert(t.shops).values({ id: `M${serial}`, name: '合并店', ownerUserId: appAccount });

    await mergeAccounts(db, { keepId: phoneAccount, goneId: appAccount });

    // The app account is gone and nothing refers to it.
    expect(await db.select().from(t.users).where(eq(t.users.id, appAccount))).toEqual([]);
    expect(await referencesTo(appAccount)).toEqual([]);
    // The kept account has both identities.
    const [merged] = await db.select().from(t.users).where(eq(t.users.id, phoneAccount));
    expect(merged).toMatchObject({
      openId: appOpenId,
      defaultPhone: appPhone,
      nickname: '老用户',
      avatarUrl: '/media/1',
    });
    expect(merged!.phone).toMatch(/^1370000/);

    // Memberships: the higher role, kept inviter and agreement; the 1002 row moved.
    const members = await db
      .select()
      .from(t.shopMembers)
      .where(eq(t.shopMembers.userId, phoneAccount))
      .orderBy(t.shopMembers.shopId);
    expect(members).toHaveLength(2);
    expect(members[0]).toMatchObject({
      shopId: '1001',
      role: 3,
      maxRole: 3,
      level: 2,
      signAgreement: true,
      distributorDisable: false,
      invitedBy: owner1001,
    });
    expect(members[1]).toMatchObject({ shopId: '1002', role: 1 });
    const [invited] = await db
      .select({ invitedBy: t.shopMembers.invitedBy })
      .from(t.shopMembers)
      .where(eq(t.shopMembers.userId, invitee));
    expect(invited!.invitedBy).toBe(phoneAccount);

    // Both browsers are signed in as the merged account.
    expect((await getSessionUser(db, phoneToken))!.id).toBe(phoneAccount);
    expect((await getSessionUser(db, appToken))!.id).toBe(phoneAccount);

    // Cart: one line per SKU, 60 + 50 capped at 99; the sharer kept; the invitee's sharer moved.
    const cart = await db
      .select()
      .from(t.cartItems)
      .where(eq(t.cartItems.userId, phoneAccount))
      .orderBy(t.cartItems.skuId);
    expect(cart.map((c) => [c.skuId, c.quantity])).toEqual([
      [skuA, 99],
      [skuB, 2],
      [skuC, 3],
    ]);
    expect(cart[0]).toMatchObject({ selected: true, distributorId: owner1001 });
    const [inviteeLine] = await db
      .select()
      .from(t.cartItems)
      .where(eq(t.cartItems.userId, invitee));
    expect(inviteeLine!.distributorId).toBe(phoneAccount);

    // Coupons and addresses all kept, one default address (the kept account's).
    expect(
      await db.select().from(t.userCoupons).where(eq(t.userCoupons.userId, phoneAccount)),
    ).toHaveLength(2);
    const addresses = await db
      .select()
      .from(t.addresses)
      .where(eq(t.addresses.userId, phoneAccount));
    expect(addresses).toHaveLength(2);
    expect(addresses.filter((a) => a.isDefault).map((a) => a.name)).toEqual([
      `收件人${phoneAccount}`,
    ]);
    // The verified real name wins.
    const realNames = await db
      .select()
      .from(t.realNames)
      .where(eq(t.realNames.userId, phoneAccount));
    expect(realNames.map((r) => r.nameMasked)).toEqual(['已核验']);

    // Orders all kept, with their groups.
    const orders = await db
      .select({ id: t.orders.id, userId: t.orders.userId })
      .from(t.orders)
      .where(inArray(t.orders.id, [keptOrder, movedOrder, otherOrder]))
      .orderBy(t.orders.id);
    expect(orders).toEqual([
      { id: keptOrder, userId: phoneAccount },
      { id: movedOrder, userId: phoneAccount },
      { id: otherOrder, userId: phoneAccount },
    ]);
    const groups = await db
      .select({ userId: t.orderGroups.userId })
      .from(t.orderGroups)
      .innerJoin(t.orders, eq(t.orders.groupId, t.orderGroups.id))
      .where(inArray(t.orders.id, [keptOrder, movedOrder, otherOrder]));
    expect(groups.map((g) => g.userId)).toEqual([phoneAccount, phoneAccount, phoneAccount]);
    const [earned] = await db.select().from(t.orders).where(eq(t.orders.id, earnedOrder));
    expect(earned!.distributorId).toBe(phoneAccount);

    // Money: the app account's ledger account now the kept account's.
    const [taken] = await db
      .select()
      .from(t.ledgerAccounts)
      .where(eq(t.ledgerAccounts.id, appAvailable));
    expect(taken!.userId).toBe(phoneAccount);
    expect(
      await db.select().from(t.withdrawals).where(eq(t.withdrawals.userId, phoneAccount)),
    ).toHaveLength(2);
    expect(
      await db.select().from(t.bankCards).where(eq(t.bankCards.userId, phoneAccount)),
    ).toHaveLength(1);

    // Seen by either is seen; the picture, the share link and the shop are the kept account's.
    const tags = await db
      .select({ tagName: t.guideTags.tagName })
      .from(t.guideTags)
      .where(eq(t.guideTags.userId, phoneAccount))
      .orderBy(t.guideTags.tagName);
    expect(tags.map((r) => r.tagName)).toEqual(['indexFilter', 'myWithdraw']);
    const closes = await db
      .select({ code: t.popupCloses.code })
      .from(t.popupCloses)
      .where(eq(t.popupCloses.userId, phoneAccount))
      .orderBy(t.popupCloses.code);
    expect(closes.map((r) => r.code)).toEqual(['P1', 'P2']);
    const [ownedPicture] = await db.select().from(t.media).where(eq(t.media.id, picture!.id));
    expect(ownedPicture!.ownerUserId).toBe(phoneAccount);
    const [shop] = await db
      .select()
      .from(t.shops)
      .where(eq(t.shops.id, `M${serial}`));
    expect(shop!.ownerUserId).toBe(phoneAccount);
  });

  it('keeps one set of lottery chances per lottery (the larger grant, the used ones added up) and every draw', async () => {
    const db = database.db;
    const keep = await user({ phone: phone() });
    const gone = await user({ openId: `sbx_lottery_${serial}` });
    const prizes = [{ name: '谢谢参与', weight: 1, consolation: true }];
    const both = await givenLottery(db, '1001', prizes, { chancesPerUser: 3 });
    const raised = await givenLottery(db, '1001', prizes, { chancesPerUser: 2 });
    const goneOnly = await givenLottery(db, '1001', prizes, { chancesPerUser: 3 });
    const draw = async (lotteryNo: string, userId: number, times: number) => {
      const ids: number[] = [];
      for (let i = 0; i < times; i += 1) {
        ids.push(
          (await drawLottery(db, { shopId: '1001', userId, lotteryNo, random: () => 0 })).drawId,
        );
      }
      return ids;
    };
    const drawIds = [
      ...(await draw(both.lotteryNo, keep, 1)),
      ...(await draw(both.lotteryNo, gone, 2)),
      ...(await draw(raised.lotteryNo, keep, 2)),
      ...(await draw(raised.lotteryNo, gone, 1)),
      ...(await draw(goneOnly.lotteryNo, gone, 1)),
    ];
    // The messaging-app account was granted more in one lottery.
    await db.execute(
      sql`update lottery_chances set granted = 5 where user_id = ${gone} and lottery_id = ${raised.id}`,
    );

    await mergeAccounts(db, { keepId: keep, goneId: gone });

    const chances = await db
      .select({
        lotteryId: t.lotteryChances.lotteryId,
        granted: t.lotteryChances.granted,
        used: t.lotteryChances.used,
      })
      .from(t.lotteryChances)
      .where(eq(t.lotteryChances.userId, keep))
      .orderBy(t.lotteryChances.lotteryId);
    expect(chances).toEqual([
      // 1 + 2 used of 3: none left, never more than granted.
      { lotteryId: both.id, granted: 3, used: 3 },
      { lotteryId: raised.id, granted: 5, used: 3 },
      { lotteryId: goneOnly.id, granted: 3, used: 1 },
    ]);
    const draws = await db
      .select({ id: t.lotteryDraws.id })
      .from(t.lotteryDraws)
      .where(eq(t.lotteryDraws.userId, keep))
      .orderBy(t.lotteryDraws.id);
    expect(draws.map((d) => d.id)).toEqual(drawIds);
    expect(await referencesTo(gone)).toEqual([]);
    // The merged person has what is left, and no more.
    await expect(draw(both.lotteryNo, keep, 1)).rejects.toMatchObject({ code: 46004 });
    await draw(raised.lotteryNo, keep, 2);
    await expect(draw(raised.lotteryNo, keep, 1)).rejects.toMatchObject({ code: 46004 });
  });

  it('keeps a disabled distributor disabled (whichever identity carried it), and a manager a manager', async () => {
    const db = database.db;
    const manager = await user({ phone: phone() });
    const app = await user({ openId: `sbx_mgr_${serial}` });
    await db.insert(t.shopMembers).values([
      { shopId: '1001', userId: manager, role: 4, maxRole: 4, administrator: true },
      { shopId: '1001', userId: app, role: 3, maxRole: 3, distributorDisable: true },
    ]);
    await mergeAccounts(db, { keepId: manager, goneId: app });
    const [member] = await db.select().from(t.shopMembers).where(eq(t.shopMembers.userId, manager));
    // Still a manager; the shop's switch-off of the shop keeper stays with the person.
    expect(member).toMatchObject({
      role: 4,
      maxRole: 4,
      administrator: true,
      distributorDisable: true,
    });

    const disabled = await user({ phone: phone() });
    const app2 = await user({ openId: `sbx_dis_${serial}` });
    await db.insert(t.shopMembers).values([
      { shopId: '1001', userId: disabled, role: 3, maxRole: 3, distributorDisable: true },
      { shopId: '1001', userId: app2, role: 1, maxRole: 1 },
    ]);
    await mergeAccounts(db, { keepId: disabled, goneId: app2 });
    const [still] = await db.select().from(t.shopMembers).where(eq(t.shopMembers.userId, disabled));
    expect(still).toMatchObject({ role: 3, distributorDisable: true });

    // A disabled keeper who signs up again in the app as a fresh keeper and binds their phone
    // does not come out enabled.
    const banned = await user({ phone: phone() });
    const fresh = await user({ openId: `sbx_again_${serial}` });
    await db.insert(t.shopMembers).values([
      { shopId: '1001', userId: banned, role: 3, maxRole: 3, level: 1, distributorDisable: true },
      { shopId: '1001', userId: fresh, role: 3, maxRole: 3, level: 1 },
    ]);
    await mergeAccounts(db, { keepId: banned, goneId: fresh });
    const [after] = await db.select().from(t.shopMembers).where(eq(t.shopMembers.userId, banned));
    expect(after).toMatchObject({ role: 3, distributorDisable: true });
  });

  it('keeps one conversation per shop (messages moved, unread added, latest preview) and one reminder per room', async () => {
    const db = database.db;
    const keep = await user({ phone: phone() });
    const gone = await user({ openId: `sbx_chat_${serial}` });
    const early = new Date(SEED_NOW.getTime() - 3_600_000);
    const late = new Date(SEED_NOW.getTime() - 60_000);
    const conversations = await db
      .insert(t.serviceConversations)
      .values([
        {
          shopId: '1001',
          userId: keep,
          status: 20,
          lastPreview: '旧的',
          lastMessageAt: early,
          shopperUnread: 1,
          shopUnread: 0,
        },
        {
          shopId: '1001',
          userId: gone,
          status: 10,
          lastPreview: '新的',
          lastMessageAt: late,
          shopperUnread: 2,
          shopUnread: 3,
        },
        { shopId: '1002', userId: gone, lastPreview: '只有它' },
      ])
      .returning({ id: t.serviceConversations.id });
    const [kept, merged, alone] = conversations.map((c) => c.id) as [number, number, number];
    await db.insert(t.serviceMessages).values([
      { conversationId: kept, senderId: keep, kind: 'text', body: { text: 'a' } },
      { conversationId: merged, senderId: gone, kind: 'text', body: { text: 'b' } },
      {
        conversationId: merged,
        senderId: owner1001,
        fromShop: 1,
        kind: 'text',
        body: { text: 'c' },
      },
      { conversationId: alone, senderId: gone, kind: 'text', body: { text: 'd' } },
    ]);
    const rooms = await db
      .select({ id: t.liveRooms.id })
      .from(t.liveRooms)
      .orderBy(t.liveRooms.id)
      .limit(2);
    await db.insert(t.liveReminders).values([
      { roomId: rooms[0]!.id, userId: keep },
      { roomId: rooms[0]!.id, userId: gone },
      { roomId: rooms[1]!.id, userId: gone },
    ]);
    await db.insert(t.liveMessages).values({
      roomId: rooms[0]!.id,
      kind: 'comment',
      userId: gone,
      nickName: 'x',
      body: { text: 'hi' },
    });

    await mergeAccounts(db, { keepId: keep, goneId: gone });

    const after = await db
      .select()
      .from(t.serviceConversations)
      .where(inArray(t.serviceConversations.id, [kept, merged, alone]))
      .orderBy(t.serviceConversations.id);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({
      id: kept,
      userId: keep,
      status: 10,
      lastPreview: '新的',
      lastMessageAt: late,
      shopperUnread: 3,
      shopUnread: 3,
    });
    expect(after[1]).toMatchObject({ id: alone, userId: keep, lastPreview: '只有它' });
    const messages = await db
      .select({
        conversationId: t.serviceMessages.conversationId,
        senderId: t.serviceMessages.senderId,
      })
      .from(t.serviceMessages)
      .where(inArray(t.serviceMessages.conversationId, [kept, merged, alone]))
      .orderBy(t.serviceMessages.id);
    expect(messages).toEqual([
      { conversationId: kept, senderId: keep },
      { conversationId: kept, senderId: keep },
      { conversationId: kept, senderId: owner1001 },
      { conversationId: alone, senderId: keep },
    ]);
    const reminders = await db
      .select({ roomId: t.liveReminders.roomId })
      .from(t.liveReminders)
      .where(eq(t.liveReminders.userId, keep))
      .orderBy(t.liveReminders.roomId);
    expect(reminders).toEqual([{ roomId: rooms[0]!.id }, { roomId: rooms[1]!.id }]);
    const comments = await db
      .select({ userId: t.liveMessages.userId })
      .from(t.liveMessages)
      .where(eq(t.liveMessages.roomId, rooms[0]!.id));
    expect(comments).toContainEqual({ userId: keep });
    expect(comments).not.toContainEqual({ userId: gone });
  });

  it('moves rows of a table it has no rule for, and refuses as a whole when that breaks a rule', async () => {
    const db = database.db;
    await db.execute(
      sql.raw(`create table merge_probe (
        id serial primary key,
        owner bigint not null references users (id),
        label text not null,
        unique (owner, label))`),
    );
    try {
      const keep = await user({ phone: phone() });
      const gone = await user({ openId: `sbx_probe_${serial}` });
      await db.execute(sql`insert into merge_probe (owner, label) values (${gone}, 'a')`);
      await mergeAccounts(db, { keepId: keep, goneId: gone });
      expect(
        await queryRows(database, sql`select label from merge_probe where owner = ${keep}`),
      ).toEqual([{ label: 'a' }]);

      // Both own 'b': moving would break the unique rule, so nothing at all changes.
      const keep2 = await user({ phone: phone() });
      const gone2 = await user({ openId: `sbx_probe2_${serial}` });
      await db
        .insert(t.cartItems)
        .values({ shopId: '1001', userId: gone2, skuId: skuA, quantity: 1 });
      await db.execute(
        sql`insert into merge_probe (owner, label) values (${keep2}, 'b'), (${gone2}, 'b')`,
      );
      await expect(mergeAccounts(db, { keepId: keep2, goneId: gone2 })).rejects.toThrow();
      expect(await db.select().from(t.users).where(eq(t.users.id, gone2))).toHaveLength(1);
      const [line] = await db.select().from(t.cartItems).where(eq(t.cartItems.userId, gone2));
      expect(line!.quantity).toBe(1);
      const [keptUser] = await db.select().from(t.users).where(eq(t.users.id, keep2));
      expect(keptUser!.openId).toBeNull();
    } finally {
      await db.execute(sql.raw('drop table merge_probe'));
    }
  });

  it('refuses two phones, two open ids, one account twice or a missing account', async () => {
    const db = database.db;
    const a = await user({ phone: phone() });
    const b = await user({ phone: phone() });
    const c = await user({ openId: `sbx_c_${serial}` });
    const d = await user({ openId: `sbx_d_${serial}` });
    await expect(mergeAccounts(db, { keepId: a, goneId: b })).rejects.toBeInstanceOf(MergeRefused);
    await expect(mergeAccounts(db, { keepId: c, goneId: d })).rejects.toBeInstanceOf(MergeRefused);
    await expect(mergeAccounts(db, { keepId: a, goneId: a })).rejects.toBeInstanceOf(MergeRefused);
    await expect(mergeAccounts(db, { keepId: a, goneId: 99_999_999 })).rejects.toBeInstanceOf(
      MergeRefused,
    );
    const still = await db
      .select({ id: t.users.id })
      .from(t.users)
      .where(or(eq(t.users.id, b), eq(t.users.id, d)));
    expect(still).toHaveLength(2);
  });
});
