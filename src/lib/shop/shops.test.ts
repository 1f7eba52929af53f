import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { getConfigMap } from './config.server.ts';
import { media } from '#lib/platform/db/schema.ts';
import { getPublicMedia } from '#lib/media/media.server.ts';
import { getSellerInfo, getShopDetail } from './shops.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

describe('shops', () => {
  it('answers the seller info of a seeded shop', async () => {
    expect(await getSellerInfo(database.db, '1001')).toEqual({
      shopId: '1001',
      shopBizCode: '1001',
      shopName: '小鹿优选',
      shopLogoUrl: expect.stringMatching(/^\/media\/\d+$/),
    });
    expect((await getSellerInfo(database.db, '1002')).shopName).toBe('橙子好物');
  });

  it('refuses an unknown shop with code 404 and 店铺不存在', async () => {
    await expect(getSellerInfo(database.db, '9999')).rejects.toMatchObject({
      code: 404,
      message: '店铺不存在',
    });
  });

  it('gives the base detail with the skin in use and the notice switch', async () => {
    const detail = await getShopDetail(database.db, '1001');
    expect(detail.shopNotice).toBe('OFF');
    expect(detail.noticeText).toContain('七天无理由退货');
    expect(detail.skin).toMatchObject({
      name: '经典红',
      theme: { tabSelected: '#cf2a2f', tabUnselected: '#707070' },
    });
    expect((await getShopDetail(database.db, '1002')).skin?.name).toBe('海洋蓝');
  });
});

describe('config map', () => {
  it('holds every key of shell §3', async () => {
    const map = await getConfigMap(database.db);
    expect(Object.keys(map).sort()).toEqual(
      [
        'secureNotice',
        'hasBackIcon',
        'showOwnBusinessLabel',
        'sysAlert',
        'followUrl',
        'license',
        'licenseAkc',
        'licenseXiangdian',
        'licenseInfo',
        'sentryConfig',
        'storageControl',
        'sentryExceptionFilterBlackList',
      ].sort(),
    );
    expect(map.sysAlert).toEqual({ isOpen: false, title: '系统公告', msg: '' });
    expect(map.secureNotice).toMatchObject({ h5: true });
  });
});

describe('media', () => {
  it('serves public media and never a private upload by its id', async () => {
    const [open] = await database.db
      .insert(media)
      .values({ contentType: 'image/png', bytes: new Uint8Array([1, 2]), width: 1, height: 1 })
      .returning({ id: media.id });
    const [hidden] = await database.db
      .insert(media)
      .values({
        contentType: 'image/png',
        bytes: new Uint8Array([3]),
        width: 1,
        height: 1,
        isPublic: false,
      })
      .returning({ id: media.id });
    expect((await getPublicMedia(database.db, open!.id))?.contentType).toBe('image/png');
    expect(await getPublicMedia(database.db, hidden!.id)).toBeNull();
  });
});
