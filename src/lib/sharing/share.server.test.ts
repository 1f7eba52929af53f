/**
 * Share info, confirmations, forwarding texts and posters on the embedded database with the demo
 * seed: every content type answers its card, links naming only an active shop keeper, the poster
 * address; unknown content is 分享内容不存在; a confirmation is recorded once per requestId; a
 * keeper's forwarding text becomes their shares' desc; the poster's QR code decodes to the link.
 */
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  coupons,
  liveRooms,
  shareEvents,
  shareLinks,
  shopMembers,
  users,
} from '#lib/platform/db/schema.ts';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import { getProductDetail } from '#lib/catalog/catalog.server.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { MemberRole } from '#lib/membership/roles.ts';
import { ShareType } from './rules.ts';
import {
  confirmShare,
  listForwardTexts,
  resolveShareCode,
  saveForwardText,
  shareInfo,
  shopQrCode,
  type ShareConfirmation,
  type Viewer,
} from './share.server.ts';
import { posterCard, renderPoster } from './poster.server.ts';

const ORIGIN = 'https://shop.example';
const SHOP = seedHandles.shop1001.shopId;
const product = seedHandles.shop1001.sales.senyeRunning.products[0]!;
const sale = seedHandles.shop1001.sales.senyeRunning;

let database: Database;
let db: Db;
let owner: Viewer;
let consumer: Viewer;
let disabled: Viewer;

async function viewerOf(phone: string): Promise<Viewer> {
  const [row] = await db
    .select({ id: users.id, role: shopMembers.role, disable: shopMembers.distributorDisable })
    .from(users)
    .leftJoin(shopMembers, and(eq(shopMembers.userId, users.id), eq(shopMembers.shopId, SHOP)))
    .where(eq(users.phone, phone));
  return {
    userId: row!.id,
    member:
      row!.role === null
        ? null
        : { currentRole: row!.role, distributorDisable: row!.disable ?? false },
  };
}

beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
  owner = await viewerOf(demoPhones.owner1001);
  consumer = await viewerOf(demoPhones.consumer);
  disabled = await viewerOf(demoPhones.disabledDistributor);
});
afterAll(() => database.close());

const asked = (viewer: Viewer | null) => ({ shopId: SHOP, origin: ORIGIN, viewer, now: SEED_NOW });

describe('share info', () => {
  it('of a product: its name, price from the pricing module, picture, links and poster', async () => {
    const info = await shareInfo(db, asked(owner), {
      type: ShareType.Product,
      contentId: product.productNo,
      activityNo: '0',
    });
    const detail = (await getProductDetail(db, SHOP, product.productNo, SEED_NOW))!;
    expect(owner.member?.currentRole).toBe(MemberRole.Distributor);
    expect(info).toMatchObject({
      contentType: 6,
      title: product.name,
      linkTitle: product.name,
      productNo: product.productNo,
      shopName: '小鹿优选',
      sharer: true,
    });
    expect(info.desc.startsWith(`¥${formatYuan(detail.priceCents)}`)).toBe(true);
    expect(info.imgUrl).toMatch(/^https:\/\/shop\.example\/img\/\d+\?w=400$/);
    const card = new URL(info.link);
    expect(card.pathname).toBe('/productDetail');
    expect(card.searchParams.get('productNo')).toBe(product.productNo);
    expect(card.searchParams.get('distributorId')).toBe(String(owner.userId));
    expect(card.searchParams.get('shareChannel')).toBe('110');
    expect(card.searchParams.get('spm')).toBe('h5.productDetail');
    expect(info.linkUrl).toBe(info.link);
    expect(new URL(info.shareLink).searchParams.get('shareChannel')).toBe('130');
    expect(info.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(info.posterUrl).toMatch(
      new RegExp(
        `^https://shop\\.example/poster/product/${product.productNo}\\.png\\?shopId=1001&d=${owner.userId}&v=\\d+$`,
      ),
    );
  });

  it('names no sharer for a consumer, a disabled shop keeper or a visitor', async () => {
    for (const viewer of [consumer, disabled, null]) {
      const info = await shareInfo(db, asked(viewer), {
        type: ShareType.Product,
        contentId: product.productNo,
      });
      expect(info.sharer).toBe(false);
      expect(new URL(info.link).searchParams.has('distributorId')).toBe(false);
      expect(info.posterUrl).not.toContain('&d=');
    }
  });

  it('of a product refuses a sale that is not its own', async () => {
    await expect(
      shareInfo(db, asked(owner), { type: 6, contentId: product.productNo, activityNo: 'NOPE1' }),
    ).rejects.toMatchObject({ code: 40419, message: '分享内容不存在' });
  });

  it('of the shop, a sale, a venue, the live channel, a live room and a coupon', async () => {
    const shop = await shareInfo(db, asked(owner), { type: 1, contentId: SHOP });
    expect(shop.title).toBe('小鹿优选');
    expect(new URL(shop.link).pathname).toBe('/index');
    expect(shop.posterUrl).toContain('/poster/shop/1001.png');

    const activity = await shareInfo(db, asked(owner), { type: 3, contentId: sale.activityNo });
    expect(new URL(activity.link).searchParams.get('activityNo')).toBe(sale.activityNo);
    expect(activity.desc).toMatch(/品牌特卖，低至¥\d+\.\d{2}$/);
    expect(activity.posterUrl).toContain(`/poster/sale/${sale.activityNo}.png`);

    const venue = seedHandles.shop1001.venues.supermarket;
    const market = await shareInfo(db, asked(owner), { type: 7, contentId: venue.venueNo });
    expect(new URL(market.link).pathname).toBe('/superMarket');
    expect(new URL(market.link).searchParams.get('venueNo')).toBe(venue.venueNo);
    expect(market.posterUrl).toBe('');

    const channel = await shareInfo(db, asked(owner), { type: 8, contentId: '' });
    expect(channel.title).toBe('小鹿优选直播间');
    expect(new URL(channel.link).pathname).toBe('/live-channel');

    const [room] = await db.select().from(liveRooms).where(eq(liveRooms.shopId, SHOP)).limit(1);
    const live = await shareInfo(db, asked(owner), { type: 11, contentId: room!.liveNo });
    expect(live.title).toBe(room!.title);
    expect(new URL(live.link).searchParams.get('liveNo')).toBe(room!.liveNo);
    expect(live.posterUrl).toContain(`/poster/live/${room!.liveNo}.png`);

    const [coupon] = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(eq(coupons.couponNo, seedHandles.shop1001.coupons.shopWide));
    const shared = await shareInfo(db, asked(owner), { type: 14, contentId: String(coupon!.id) });
    expect(shared.title).toBe('送你一张¥20.00优惠券');
    expect(new URL(shared.link).pathname).toBe('/receive-coupon');
    expect(new URL(shared.link).searchParams.get('couponId')).toBe(String(coupon!.id));
    expect(new URL(shared.link).searchParams.get('distributorId')).toBe(String(owner.userId));
  });

  it('answers 分享内容不存在 for material and unknown content', async () => {
    const unknown = [
      { type: 13, contentId: 'M1' },
      { type: 6, contentId: 'NO-SUCH' },
      { type: 3, contentId: 'NO-SUCH' },
      { type: 2, contentId: 'NO-SUCH' },
      { type: 9, contentId: 'NO-SUCH' },
      { type: 14, contentId: '999999' },
      { type: 14, contentId: 'abc' },
    ];
    for (const content of unknown) {
      await expect(shareInfo(db, asked(owner), content)).rejects.toMatchObject({ code: 40419 });
    }
    await expect(shareInfo(db, asked(owner), { type: 4, contentId: '' })).rejects.toMatchObject({
      code: 48004,
    });
  });

  it('of the shop QR code names the keeper', async () => {
    const qr = await shopQrCode(db, asked(owner));
    expect(new URL(qr.link).searchParams.get('distributorId')).toBe(String(owner.userId));
    expect(qr.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  });
});

describe('share codes', () => {
  it('are made by sharing: the code resolves to the copied link, one code per sharer and content', async () => {
    const info = await shareInfo(db, asked(owner), { type: 6, contentId: product.productNo });
    expect(info.shareCode).toMatch(/^[A-Za-z0-9_-]{4,32}$/);
    const resolved = await resolveShareCode(db, { code: info.shareCode, origin: ORIGIN });
    expect(resolved).toEqual({ shopId: SHOP, contentType: 6, link: info.shareLink });

    const again = await shareInfo(db, asked(owner), { type: 6, contentId: product.productNo });
    expect(again.shareCode).toBe(info.shareCode);
    const rows = await db.select().from(shareLinks).where(eq(shareLinks.code, info.shareCode));
    expect(rows).toHaveLength(1);

    // A shopper's share names nobody: its own code, whose link names nobody either.
    const theirs = await shareInfo(db, asked(consumer), { type: 6, contentId: product.productNo });
    expect(theirs.shareCode).not.toBe(info.shareCode);
    const plain = await resolveShareCode(db, { code: theirs.shareCode, origin: ORIGIN });
    expect(plain.link).toBe(theirs.shareLink);
    expect(new URL(plain.link).searchParams.has('distributorId')).toBe(false);

    const shop = await shareInfo(db, asked(null), { type: 1, contentId: SHOP });
    const home = await resolveShareCode(db, { code: shop.shareCode, origin: ORIGIN });
    expect(home).toEqual({ shopId: SHOP, contentType: 1, link: shop.shareLink });
  });

  it('resolve to their link, the sharer kept only while a shop keeper', async () => {
    await db.insert(shareLinks).values([
      {
        code: 'abcd1234',
        shopId: SHOP,
        distributorId: owner.userId,
        contentType: 6,
        target: { route: 'productDetail', params: { productNo: product.productNo } },
      },
      {
        code: 'gone1234',
        shopId: SHOP,
        distributorId: disabled.userId,
        contentType: 1,
        target: { route: 'index' },
      },
    ]);
    const kept = await resolveShareCode(db, { code: 'abcd1234', origin: ORIGIN });
    expect(new URL(kept.link).searchParams.get('distributorId')).toBe(String(owner.userId));
    expect(new URL(kept.link).searchParams.get('productNo')).toBe(product.productNo);
    const dropped = await resolveShareCode(db, { code: 'gone1234', origin: ORIGIN });
    expect(new URL(dropped.link).searchParams.has('distributorId')).toBe(false);
    await expect(resolveShareCode(db, { code: 'nothere1', origin: ORIGIN })).rejects.toMatchObject({
      code: 40419,
    });
  });
});

describe('share confirmations', () => {
  const body: ShareConfirmation = {
    requestId: 'req-0000000001',
    entryType: 1,
    ifDirectRepost: true,
    posterNo: 1,
    repostFormType: 1,
    scene: 'poster',
    confirmNum: 1,
    extraMap: { contentType: 6, contentId: product.productNo },
  };

  it('are recorded once per requestId; a repeat answers success and writes nothing', async () => {
    const first = await confirmShare(db, { shopId: SHOP, viewer: owner, body });
    const again = await confirmShare(db, {
      shopId: SHOP,
      viewer: owner,
      body: { ...body, confirmNum: 2 },
    });
    expect(first).toEqual({ requestId: body.requestId, recorded: true });
    expect(again).toEqual({ requestId: body.requestId, recorded: false });
    const rows = await db
      .select()
      .from(shareEvents)
      .where(eq(shareEvents.requestId, body.requestId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      shopId: SHOP,
      userId: owner.userId,
      distributorId: owner.userId,
      contentType: 6,
      contentId: product.productNo,
      shareChannel: 111,
    });
  });

  it('name no distributor for a consumer', async () => {
    await confirmShare(db, {
      shopId: SHOP,
      viewer: consumer,
      body: { ...body, requestId: 'req-consumer-1' },
    });
    const [row] = await db
      .select()
      .from(shareEvents)
      .where(eq(shareEvents.requestId, 'req-consumer-1'));
    expect(row!.distributorId).toBeNull();
  });
});

describe('forwarding texts', () => {
  it('become the desc of the keeper’s own shares of that type, sanitised', async () => {
    const saved = await saveForwardText(db, {
      shopId: SHOP,
      userId: owner.userId,
      contentType: 6,
      text: ' 今天的好物😀，闭眼入！ ',
    });
    expect(saved).toEqual({ contentType: 6, label: '商品', text: '今天的好物，闭眼入！' });
    const info = await shareInfo(db, asked(owner), { type: 6, contentId: product.productNo });
    expect(info.desc).toBe('今天的好物，闭眼入！');
    expect(info.linkDesc).toBe('今天的好物，闭眼入！');
    // Someone else's share of the product keeps the default.
    const other = await shareInfo(db, asked(consumer), { type: 6, contentId: product.productNo });
    expect(other.desc).not.toBe('今天的好物，闭眼入！');
    const list = await listForwardTexts(db, { shopId: SHOP, userId: owner.userId });
    expect(list.find((t) => t.contentType === 6)?.text).toBe('今天的好物，闭眼入！');
    expect(list.find((t) => t.contentType === 1)?.text).toBe('');
  });

  it('are refused when too long, only emoji, or for a type without one; empty restores the default', async () => {
    const save = (contentType: number, text: string) =>
      saveForwardText(db, { shopId: SHOP, userId: owner.userId, contentType, text });
    await expect(save(6, '好'.repeat(101))).rejects.toMatchObject({ code: 48002 });
    await expect(save(6, '😀😀')).rejects.toMatchObject({ code: 48001 });
    await expect(save(13, '素材')).rejects.toMatchObject({ code: 48003 });
    await expect(save(7, '超市')).rejects.toMatchObject({ code: 48003 });
    expect(await save(6, '  ')).toMatchObject({ text: '' });
    const info = await shareInfo(db, asked(owner), { type: 6, contentId: product.productNo });
    expect(info.desc.startsWith('¥')).toBe(true);
  });
});

describe('posters', () => {
  async function decode(png: Uint8Array): Promise<string | null> {
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
  }

  it('of a product shows its price and sharer, and its QR code decodes to the link naming the keeper', async () => {
    const card = (await posterCard(db, {
      kind: 'product',
      id: product.productNo,
      shopId: SHOP,
      distributorId: owner.userId,
      origin: ORIGIN,
      now: SEED_NOW,
    }))!;
    const detail = (await getProductDetail(db, SHOP, product.productNo, SEED_NOW))!;
    expect(card.priceLine).toBe(`¥${formatYuan(detail.priceCents)}`);
    expect(card.sharerName).toBe('林店主');
    const png = (await renderPoster(db, {
      kind: 'product',
      id: product.productNo,
      shopId: SHOP,
      distributorId: owner.userId,
      origin: ORIGIN,
    }))!;
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 960]);
    const link = new URL((await decode(png))!);
    expect(link.pathname).toBe('/productDetail');
    expect(link.searchParams.get('productNo')).toBe(product.productNo);
    expect(link.searchParams.get('distributorId')).toBe(String(owner.userId));
    expect(link.searchParams.get('shareChannel')).toBe('111');
  });

  it('drop a sharer who is not an active shop keeper', async () => {
    const card = (await posterCard(db, {
      kind: 'shop',
      id: SHOP,
      shopId: SHOP,
      distributorId: disabled.userId,
      origin: ORIGIN,
      now: SEED_NOW,
    }))!;
    expect(card.sharerName).toBeNull();
    expect(new URL(card.link).searchParams.has('distributorId')).toBe(false);
  });

  it('exist for a sale, a live room and a coupon; none for unknown content', async () => {
    const saleCard = await posterCard(db, {
      kind: 'sale',
      id: sale.activityNo,
      shopId: SHOP,
      distributorId: null,
      origin: ORIGIN,
      now: SEED_NOW,
    });
    expect(saleCard?.priceLine).toMatch(/^低至¥\d+\.\d{2}$/);
    const [coupon] = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(eq(coupons.couponNo, seedHandles.shop1001.coupons.shopWide));
    const couponPng = await renderPoster(db, {
      kind: 'coupon',
      id: String(coupon!.id),
      shopId: SHOP,
      distributorId: owner.userId,
      origin: ORIGIN,
    });
    expect(couponPng).not.toBeNull();
    const [room] = await db.select().from(liveRooms).where(eq(liveRooms.shopId, SHOP)).limit(1);
    expect(
      await posterCard(db, {
        kind: 'live',
        id: room!.liveNo,
        shopId: SHOP,
        distributorId: null,
        origin: ORIGIN,
      }),
    ).not.toBeNull();
    expect(
      await renderPoster(db, {
        kind: 'product',
        id: 'NO-SUCH',
        shopId: SHOP,
        distributorId: null,
        origin: ORIGIN,
      }),
    ).toBeNull();
    expect(
      await renderPoster(db, {
        kind: 'shop',
        id: '424242',
        shopId: '424242',
        distributorId: null,
        origin: ORIGIN,
      }),
    ).toBeNull();
  });
});
