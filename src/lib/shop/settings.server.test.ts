/**
 * The owner's settings on the embedded database with the real migrations: who may change the
 * shop, one update or nothing, the pictures' checks, and that every reader follows the change.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { media, shops } from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop, type GivenShop } from '#tests/fixtures/given.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { MAX_UPLOAD_BYTES } from '#lib/platform/upload.ts';
import { getSellerInfo, getShopDetail } from './shops.server.ts';
import {
  DAILY_PICTURE_LIMIT,
  LOGO_SIDE,
  deleteSellerQr,
  readSellerQr,
  readShopSettings,
  saveShopSettings,
  shopConsultQr,
  uploadSellerQr,
  uploadShopLogo,
  type SaveShopSettings,
} from './settings.server.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());

const settings = (overrides: Partial<SaveShopSettings> = {}): SaveShopSettings => ({
  shopName: '新名字小店',
  intro: '只卖好东西',
  noticeEnabled: false,
  noticeText: '',
  followUrl: '',
  ...overrides,
});

const picture = (
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  alpha = false,
) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 40, b: 40, alpha: 0.5 } : { r: 200, g: 40, b: 40 },
    },
  })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

async function shopRow(shopId: string) {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId));
  return row!;
}

describe('who may change the shop', () => {
  let shop: GivenShop;
  let other: GivenShop;
  beforeAll(async () => {
    shop = await givenShop(db, { name: '原来的店' });
    other = await givenShop(db);
  });

  it('the owner reads and saves; every reader follows and the content version rises', async () => {
    expect(await readShopSettings(db, shop.shopId, shop.ownerId)).toMatchObject({
      shopName: '原来的店',
      noticeEnabled: false,
      followUrl: '',
    });
    const before = await readContentVersion(db);
    const saved = await saveShopSettings(db, {
      shopId: shop.shopId,
      userId: shop.ownerId,
      settings: settings({
        shopName: '新名字小店🎉',
        noticeEnabled: true,
        noticeText: '今日发货延迟',
        followUrl: 'https://mp.weixin.qq.com/s/abc',
      }),
    });
    expect(saved).toEqual({
      shopId: shop.shopId,
      shopName: '新名字小店',
      shopLogoUrl: '',
      intro: '只卖好东西',
      noticeEnabled: true,
      noticeText: '今日发货延迟',
      followUrl: 'https://mp.weixin.qq.com/s/abc',
    });
    expect(await readContentVersion(db)).toBeGreaterThan(before);
    expect(await getShopDetail(db, shop.shopId)).toMatchObject({
      shopName: '新名字小店',
      shopNotice: 'ON',
      noticeText: '今日发货延迟',
      intro: '只卖好东西',
    });
    expect((await getSellerInfo(db, shop.shopId)).shopName).toBe('新名字小店');
    expect((await shopRow(shop.shopId)).officialAccountUrl).toBe('https://mp.weixin.qq.com/s/abc');
  });

  it('refuses a keeper who is not the owner, and another shop’s owner, changing nothing', async () => {
    const keeper = await givenMember(db, shop.shopId, { role: 3 });
    const manager = await givenMember(db, shop.shopId, { role: 4 });
    const before = await shopRow(shop.shopId);
    for (const userId of [keeper.id, manager.id, other.ownerId]) {
      const refusal = { code: 40301, message: '只有店主可以修改店铺设置' };
      await expect(readShopSettings(db, shop.shopId, userId)).rejects.toMatchObject(refusal);
      await expect(
        saveShopSettings(db, {
          shopId: shop.shopId,
          userId,
          settings: settings({ shopName: '被改了' }),
        }),
      ).rejects.toMatchObject(refusal);
      await expect(
        uploadShopLogo(db, { shopId: shop.shopId, userId, upload: await picture(300, 300, 'png') }),
      ).rejects.toMatchObject(refusal);
      await expect(readSellerQr(db, shop.shopId, userId)).rejects.toMatchObject(refusal);
      await expect(
        uploadSellerQr(db, { shopId: shop.shopId, userId, upload: await picture(300, 300, 'png') }),
      ).rejects.toMatchObject(refusal);
      await expect(deleteSellerQr(db, shop.shopId, userId)).rejects.toMatchObject(refusal);
    }
    expect(await shopRow(shop.shopId)).toEqual(before);
  });

  it('refuses an unknown or closed shop like a stranger’s', async () => {
    await expect(readShopSettings(db, '99999', shop.ownerId)).rejects.toMatchObject({
      code: 40301,
    });
    const closed = await givenShop(db);
    await db.update(shops).set({ status: 0 }).where(eq(shops.id, closed.shopId));
    await expect(readShopSettings(db, closed.shopId, closed.ownerId)).rejects.toMatchObject({
      code: 40301,
    });
  });
});

describe('one update or nothing', () => {
  it('saves nothing when one field is bad, naming it', async () => {
    const shop = await givenShop(db, { name: '稳如泰山' });
    const before = await shopRow(shop.shopId);
    const save = (overrides: Partial<SaveShopSettings>) =>
      saveShopSettings(db, {
        shopId: shop.shopId,
        userId: shop.ownerId,
        settings: settings({ intro: '会被丢掉的简介', ...overrides }),
      });
    await expect(save({ shopName: '' })).rejects.toMatchObject({ message: '店铺名称不能为空' });
    await expect(save({ shopName: '😀🎉✨' })).rejects.toMatchObject({
      message: '店铺名称不能只含表情或特殊符号',
    });
    await expect(save({ noticeEnabled: true, noticeText: '' })).rejects.toMatchObject({
      message: '开启店铺公告时请填写公告内容',
    });
    await expect(save({ followUrl: 'http://mp.weixin.qq.com' })).rejects.toMatchObject({
      code: 49607,
    });
    // A logo that is not this owner's upload: the text fields are not saved either.
    await expect(save({ logoMediaId: 987654 })).rejects.toMatchObject({
      message: '店铺LOGO已失效，请重新上传',
    });
    expect(await shopRow(shop.shopId)).toEqual(before);
  });
});

describe('the logo', () => {
  let shop: GivenShop;
  beforeAll(async () => {
    shop = await givenShop(db);
  });
  const upload = async (bytes: Uint8Array, userId = shop.ownerId) =>
    uploadShopLogo(db, { shopId: shop.shopId, userId, upload: bytes });

  it('is cut to a 400 px square, JPEG, or PNG when transparent, and is the shop’s on save', async () => {
    const wide = await upload(await picture(1200, 600, 'jpeg'));
    const [stored] = await db.select().from(media).where(eq(media.id, wide.logoMediaId));
    expect(stored).toMatchObject({
      contentType: 'image/jpeg',
      width: LOGO_SIDE,
      height: LOGO_SIDE,
      isPublic: true,
      ownerUserId: shop.ownerId,
    });
    expect(wide.logoUrl).toBe(`/media/${wide.logoMediaId}`);
    // Uploading alone changes nothing of the shop.
    expect((await shopRow(shop.shopId)).logoUrl).toBeNull();

    const clear = await upload(await picture(500, 500, 'png', true));
    const meta = await sharp(
      (await db.select().from(media).where(eq(media.id, clear.logoMediaId)))[0]!.bytes,
    ).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 400, height: 400, hasAlpha: true });
    const webp = await upload(await picture(400, 300, 'webp'));

    const saved = await saveShopSettings(db, {
      shopId: shop.shopId,
      userId: shop.ownerId,
      settings: settings({ logoMediaId: webp.logoMediaId }),
    });
    expect(saved.shopLogoUrl).toBe(webp.logoUrl);
    expect((await getSellerInfo(db, shop.shopId)).shopLogoUrl).toBe(webp.logoUrl);
  });

  it('refuses what is not a JPEG, PNG or WebP picture', async () => {
    for (const bytes of [
      await picture(300, 300, 'gif'),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      new TextEncoder().encode('not a picture at all'),
      new Uint8Array(0),
    ]) {
      await expect(upload(bytes)).rejects.toMatchObject({
        code: 49609,
        message: '店铺LOGO仅支持 JPG、PNG、WEBP 格式的图片',
      });
    }
  });

  it('refuses a picture over 5 MB, or too small to make a logo of', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(await picture(300, 300, 'png'));
    await expect(upload(big)).rejects.toMatchObject({ message: '图片不能超过5MB' });
    await expect(upload(await picture(60, 300, 'png'))).rejects.toMatchObject({ code: 49612 });
  });

  it('cannot be another user’s picture', async () => {
    const other = await givenShop(db);
    const theirs = await uploadShopLogo(db, {
      shopId: other.shopId,
      userId: other.ownerId,
      upload: await picture(300, 300, 'png'),
    });
    await expect(
      saveShopSettings(db, {
        shopId: shop.shopId,
        userId: shop.ownerId,
        settings: settings({ logoMediaId: theirs.logoMediaId }),
      }),
    ).rejects.toMatchObject({ code: 49610 });
  });

  it('is limited to a number of uploads a day', async () => {
    const busy = await givenShop(db);
    const bytes = await picture(200, 200, 'png');
    for (let i = 0; i < DAILY_PICTURE_LIMIT; i++) {
      await uploadShopLogo(db, { shopId: busy.shopId, userId: busy.ownerId, upload: bytes });
    }
    await expect(
      uploadShopLogo(db, { shopId: busy.shopId, userId: busy.ownerId, upload: bytes }),
    ).rejects.toMatchObject({ message: '今日上传次数过多，请明天再试' });
  });
});

describe('the consultation QR code (im-setting)', () => {
  it('is uploaded (checked, shrunk, JPEG), read, replaced and deleted by the owner', async () => {
    const shop = await givenShop(db);
    expect(await readSellerQr(db, shop.shopId, shop.ownerId)).toEqual({ qrUrl: null });
    const first = await uploadSellerQr(db, {
      shopId: shop.shopId,
      userId: shop.ownerId,
      upload: await picture(1600, 1200, 'png'),
    });
    expect(first.qrUrl).toMatch(/^\/media\/\d+$/);
    const [stored] = await db
      .select()
      .from(media)
      .where(eq(media.id, Number(first.qrUrl!.split('/').pop())));
    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 600 });
    expect(await shopConsultQr(db, shop.shopId)).toEqual(first);

    const second = await uploadSellerQr(db, {
      shopId: shop.shopId,
      userId: shop.ownerId,
      upload: await picture(300, 300, 'webp'),
    });
    expect(second.qrUrl).not.toBe(first.qrUrl);
    expect(await readSellerQr(db, shop.shopId, shop.ownerId)).toEqual(second);

    await expect(
      uploadSellerQr(db, {
        shopId: shop.shopId,
        userId: shop.ownerId,
        upload: await picture(300, 300, 'gif'),
      }),
    ).rejects.toMatchObject({ message: '二维码仅支持 JPG、PNG、WEBP 格式的图片' });
    expect(await shopConsultQr(db, shop.shopId)).toEqual(second);

    expect(await deleteSellerQr(db, shop.shopId, shop.ownerId)).toEqual({ qrUrl: null });
    expect(await shopConsultQr(db, shop.shopId)).toEqual({ qrUrl: null });
  });
});
