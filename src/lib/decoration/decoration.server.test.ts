import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { media, shopDecorations, users } from '#lib/platform/db/schema.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { MAX_UPLOAD_BYTES } from '#lib/platform/upload.ts';
import { Errors } from '#lib/errors.ts';
import {
  DAILY_BANNER_UPLOADS,
  bannerLinkChoices,
  getShopDecorations,
  indexBannerRows,
  publishDecoration,
  readDecoration,
  saveDraft,
  storeBannerPicture,
} from './decoration.server.ts';
import { DecorationMessages, move, type HomeLayout } from './decoration.ts';
import { getHome } from '../shop/ui/home.server.ts';

let database: Database;
let managerId: number;
let consumerId: number;
beforeAll(async () => {
  database = await memoryDatabase();
  const idOf = async (phone: string) =>
    (await database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
  managerId = await idOf(demoPhones.manager1001);
  consumerId = await idOf(demoPhones.consumer);
});
afterAll(() => database.close());

const db = () => database.db;
const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff', width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#2f7de1' } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

const ORDER = [
  'indexBanner',
  'diamond',
  'market',
  'newBornZone',
  'saleTabs',
  'upcoming',
  'brandWall',
  'category',
];

describe('the draft', () => {
  it('is the home as it renders today until a manager saves one', async () => {
    const state = await readDecoration(db(), '1002', SEED_NOW);
    expect(state.draft.modules.map((m) => m.kind)).toEqual(ORDER);
    expect(state.draft.modules.every((m) => m.visible)).toBe(true);
    expect(state.draft.banners.map((b) => b.title)).toEqual([
      '品牌狂欢季',
      '新人专享礼',
      '冬季保暖专场',
    ]);
    expect(state.draft.banners[1]!.link).toEqual({ route: 'coupon-center' });
    expect(state).toMatchObject({ unpublished: false, publishedAt: null, publishedBy: null });
    // And so is what getShopDecorations answers, and the home.
    const published = await getShopDecorations(db(), '1002', SEED_NOW);
    expect(published.modules.map((m) => m.kind)).toEqual(ORDER);
    expect(published.modules[6]).toEqual({ kind: 'brandWall', name: '品牌墙', visible: true });
    expect(published.banners).toEqual(state.draft.banners);
    expect(published.publishedAt).toBeNull();
    expect((await getHome(db(), '1002', { now: SEED_NOW })).modules).toEqual(ORDER);
  });

  it('saves without changing what shoppers see, and without refreshing cached pages', async () => {
    const before = await readDecoration(db(), '1002', SEED_NOW);
    const draft: HomeLayout = {
      ...before.draft,
      modules: move(before.draft.modules, 6, -2).map((m) =>
        m.kind === 'upcoming' ? { ...m, visible: false } : m,
      ),
    };
    await saveDraft(db(), '1002', draft, SEED_NOW); // the first save inserts the row
    const version = await readContentVersion(db());
    const state = await saveDraft(db(), '1002', draft, SEED_NOW);
    expect(await readContentVersion(db())).toBe(version);
    expect(state.unpublished).toBe(true);
    expect(state.draft.modules.map((m) => m.kind).slice(4, 7)).toEqual([
      'brandWall',
      'saleTabs',
      'upcoming',
    ]);
    expect((await getHome(db(), '1002', { now: SEED_NOW })).modules).toEqual(ORDER);
    // A manager's preview shows the draft.
    expect((await getHome(db(), '1002', { now: SEED_NOW, preview: true })).modules).toEqual([
      'indexBanner',
      'diamond',
      'market',
      'newBornZone',
      'brandWall',
      'saleTabs',
      'category',
    ]);
  });

  it('refuses a layout that breaks a rule, keeping the draft it had', async () => {
    const { draft } = await readDecoration(db(), '1002', SEED_NOW);
    const refused = (input: unknown) => saveDraft(db(), '1002', input, SEED_NOW);
    await expect(refused({ ...draft, modules: draft.modules.slice(1) })).rejects.toMatchObject({
      code: 49501,
      message: DecorationMessages.MODULES_INCOMPLETE,
    });
    await expect(
      refused({ ...draft, modules: [...draft.modules.slice(1), draft.modules[2]] }),
    ).rejects.toMatchObject({ code: 49501, message: DecorationMessages.MODULE_TWICE });
    await expect(refused({ ...draft, skin: 3 })).rejects.toMatchObject({
      message: '不支持的参数：skin',
    });
    await expect(
      refused({ ...draft, banners: [{ ...draft.banners[0]!, link: { route: 'decoration' } }] }),
    ).rejects.toMatchObject({ message: DecorationMessages.BANNER_LINK });
    const many = Array.from({ length: 7 }, () => draft.banners[0]!);
    await expect(refused({ ...draft, banners: many })).rejects.toMatchObject({
      message: DecorationMessages.TOO_MANY_BANNERS,
    });
    // A picture that is not stored, or not public (someone's after-sale photo).
    await expect(
      refused({ ...draft, banners: [{ ...draft.banners[0]!, imageUrl: '/media/999999' }] }),
    ).rejects.toMatchObject({ code: 49502 });
    const [privatePhoto] = await db()
      .insert(media)
      .values({
        contentType: 'image/jpeg',
        bytes: new Uint8Array([1]),
        width: 1,
        height: 1,
        isPublic: false,
      })
      .returning({ id: media.id });
    await expect(
      refused({
        ...draft,
        banners: [{ ...draft.banners[0]!, imageUrl: `/media/${privatePhoto!.id}` }],
      }),
    ).rejects.toMatchObject({ code: 49502 });
    expect((await readDecoration(db(), '1002', SEED_NOW)).draft).toEqual(draft);
  });
});

/** A running sale of 1001: a banner may lead to it. */
const SALE_NO = seedHandles.shop1001.sales.senyeRunning.activityNo;

describe('publishing', () => {
  it('makes the draft the home and replaces the shop’s banners in one go', async () => {
    const { imageUrl } = await storeBannerPicture(db(), managerId, await picture('png'), SEED_NOW);
    const before = await readDecoration(db(), '1001', SEED_NOW);
    const draft: HomeLayout = {
      modules: move(before.draft.modules, 6, -2).map((m) =>
        m.kind === 'category' ? { ...m, visible: false } : m,
      ),
      banners: [
        { title: '年货节', imageUrl, link: { route: 'brand', params: { activityNo: SALE_NO } } },
        before.draft.banners[0]!,
      ],
    };
    await saveDraft(db(), '1001', draft, SEED_NOW);
    const version = await readContentVersion(db());
    const later = new Date(SEED_NOW.getTime() + 60_000);
    const state = await publishDecoration(db(), '1001', managerId, later);
    expect(await readContentVersion(db())).toBeGreaterThan(version);
    expect(state).toMatchObject({ unpublished: false, publishedAt: later });
    expect(state.publishedBy).toBeTruthy();

    expect(await indexBannerRows(db(), '1001')).toEqual([
      { title: '年货节', imageUrl, link: { route: 'brand', params: { activityNo: SALE_NO } } },
      {
        title: '品牌狂欢季',
        imageUrl: before.draft.banners[0]!.imageUrl,
        link: { route: 'brandList' },
      },
    ]);
    // Other locations are the shop's too, and stay.
    const home = await getHome(db(), '1001', { now: SEED_NOW });
    expect(home.modules).toEqual([
      'indexBanner',
      'diamond',
      'market',
      'newBornZone',
      'brandWall',
      'saleTabs',
      'upcoming',
    ]);
    expect(home.banners.map((b) => b.title)).toEqual(['年货节', '品牌狂欢季']);
    const answer = await getShopDecorations(db(), '1001', SEED_NOW);
    expect(answer.publishedAt).toEqual(later);
    expect(answer.modules.find((m) => m.kind === 'category')).toMatchObject({ visible: false });
    expect(answer.banners).toEqual(draft.banners);
    // Shop 1002's home is its own.
    expect((await getHome(db(), '1002', { now: SEED_NOW })).banners).toHaveLength(3);
  });

  it('publishes the home as it is for a shop with no draft', async () => {
    const fresh = await memoryDatabase();
    try {
      const state = await publishDecoration(fresh.db, '1002', managerId, SEED_NOW);
      expect(state.draft.modules.map((m) => m.kind)).toEqual(ORDER);
      expect((await indexBannerRows(fresh.db, '1002')).map((b) => b.title)).toEqual([
        '品牌狂欢季',
        '新人专享礼',
        '冬季保暖专场',
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('publishes nothing when the stored draft no longer keeps the rules', async () => {
    const { draft } = await readDecoration(db(), '1001', SEED_NOW);
    const rows = await indexBannerRows(db(), '1001');
    await db()
      .update(shopDecorations)
      .set({ draft: { ...draft, banners: [{ ...draft.banners[0]!, imageUrl: '/media/999999' }] } })
      .where(eq(shopDecorations.shopId, '1001'));
    await expect(publishDecoration(db(), '1001', managerId, SEED_NOW)).rejects.toMatchObject({
      code: 49502,
    });
    expect(await indexBannerRows(db(), '1001')).toEqual(rows);
    const [row] = await db()
      .select({ published: shopDecorations.published })
      .from(shopDecorations)
      .where(eq(shopDecorations.shopId, '1001'));
    expect((row!.published as HomeLayout).banners[0]!.imageUrl).toBe(rows[0]!.imageUrl);
  });

  it('answers an unknown shop as one', async () => {
    await expect(getShopDecorations(db(), '9999', SEED_NOW)).rejects.toMatchObject(
      Errors.SHOP_NOT_FOUND,
    );
  });
});

describe('banner pictures', () => {
  it('stores JPEG, PNG and WebP cut to the banner’s proportions as public JPEG', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const { imageUrl } = await storeBannerPicture(
        db(),
        managerId,
        await picture(format, 2000, 2000),
        SEED_NOW,
      );
      const id = Number(imageUrl.replace('/media/', ''));
      const [row] = await db().select().from(media).where(eq(media.id, id));
      expect(row).toMatchObject({
        contentType: 'image/jpeg',
        width: 1200,
        height: 512,
        isPublic: true,
      });
      expect((await sharp(row!.bytes).metadata()).format).toBe('jpeg');
    }
  });

  it('refuses another type, a file that is no picture, and one over the size limit', async () => {
    for (const upload of [
      await picture('gif'),
      await picture('tiff'),
      new TextEncoder().encode('<svg/>'),
      new Uint8Array(),
    ]) {
      await expect(storeBannerPicture(db(), managerId, upload, SEED_NOW)).rejects.toMatchObject({
        code: 49503,
        message: '请上传 JPG、PNG 或 WebP 格式的图片',
      });
    }
    await expect(
      storeBannerPicture(db(), managerId, new Uint8Array(MAX_UPLOAD_BYTES + 1), SEED_NOW),
    ).rejects.toMatchObject({ message: '图片不能超过5MB' });
  });

  it(`takes at most ${DAILY_BANNER_UPLOADS} a day from one manager`, async () => {
    await db()
      .insert(media)
      .values(
        Array.from({ length: DAILY_BANNER_UPLOADS }, () => ({
          contentType: 'image/jpeg',
          bytes: new Uint8Array([1]),
          width: 1,
          height: 1,
          ownerUserId: consumerId,
          createdAt: SEED_NOW,
        })),
      );
    await expect(
      storeBannerPicture(db(), consumerId, await picture('png'), SEED_NOW),
    ).rejects.toMatchObject({ code: 49504 });
    const tomorrow = new Date(SEED_NOW.getTime() + 25 * 3_600_000);
    await expect(
      storeBannerPicture(db(), consumerId, await picture('png'), tomorrow),
    ).resolves.toMatchObject({
      imageUrl: expect.stringMatching(/^\/media\/\d+$/),
    });
  });
});

describe('link choices', () => {
  it('offers the shop’s pages and its running sales', async () => {
    const choices = await bannerLinkChoices(db(), '1001', SEED_NOW);
    expect(choices[0]).toEqual({ label: '品牌特卖', link: { route: 'brandList' } });
    const sales = choices.filter((c) => c.link.route === 'brand');
    expect(sales).toHaveLength(8);
    expect(sales[0]!.label).toMatch(/^特卖：/);
  });
});
