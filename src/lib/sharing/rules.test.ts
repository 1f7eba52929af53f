import { describe, expect, it } from 'vitest';
import { buildLink } from '#lib/platform/links.ts';
import { MemberRole } from '#lib/membership/roles.ts';
import {
  ChannelType,
  DEFAULT_SHARE_TEXT,
  FORWARD_TEXT_MAX,
  POSTER_SHARE_TEXT,
  ShareChannel,
  ShareType,
  checkForwardText,
  forwardTypeOf,
  posterKindOf,
  posterPath,
  shareChannelCode,
  shareLink,
  shareModeText,
  sharerId,
} from './rules.ts';

describe('the share channel code (shell §9)', () => {
  it('is 100 + 10 × channel type + post number', () => {
    expect(shareChannelCode(ChannelType.h5)).toBe(110);
    expect(shareChannelCode(ChannelType.mini, 3)).toBe(123);
    expect(shareChannelCode(ChannelType.link)).toBe(130);
    expect(shareChannelCode(ChannelType.h5, 1)).toBe(111);
    expect(ShareChannel).toEqual({ card: 110, link: 130, poster: 111 });
  });

  it('refuses an unknown channel type and a post number outside 0–9', () => {
    expect(() => shareChannelCode(4 as ChannelType)).toThrow(RangeError);
    expect(() => shareChannelCode(ChannelType.h5, 10)).toThrow(RangeError);
    expect(() => shareChannelCode(ChannelType.h5, -1)).toThrow(RangeError);
    expect(() => shareChannelCode(ChannelType.h5, 1.5)).toThrow(RangeError);
  });

  it('says 微信默认分享 for the default share, else 长按保存', () => {
    expect(shareModeText(true)).toBe(DEFAULT_SHARE_TEXT);
    expect(DEFAULT_SHARE_TEXT).toBe('微信默认分享');
    expect(shareModeText(false)).toBe(POSTER_SHARE_TEXT);
    expect(POSTER_SHARE_TEXT).toBe('长按保存');
  });
});

describe('the sharer a link names', () => {
  const keeper = { currentRole: MemberRole.Distributor, distributorDisable: false };
  it('is the caller only when an active shop keeper of the shop', () => {
    expect(sharerId({ userId: 7, member: keeper })).toBe(7);
    expect(sharerId({ userId: 7, member: { ...keeper, distributorDisable: true } })).toBeNull();
    expect(
      sharerId({
        userId: 7,
        member: { currentRole: MemberRole.Consumer, distributorDisable: false },
      }),
    ).toBeNull();
    expect(
      sharerId({
        userId: 7,
        member: { currentRole: MemberRole.Manager, distributorDisable: false },
      }),
    ).toBeNull();
    expect(sharerId({ userId: 7, member: null })).toBeNull();
    expect(sharerId(null)).toBeNull();
  });
});

describe('the share link', () => {
  const base = { origin: 'https://shop.example', shopId: '1001', shareChannel: 110 };
  const target = { route: 'productDetail' as const, query: { productNo: 'P1' } };

  it('is absolute and carries the shop, the sharer, the channel code and the page spm', () => {
    const url = new URL(shareLink({ ...base, target, distributorId: 42 }));
    expect(url.origin).toBe('https://shop.example');
    expect(url.pathname).toBe('/productDetail');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      productNo: 'P1',
      distributorId: '42',
      shareChannel: '110',
      spm: 'h5.productDetail',
      shopId: '1001',
    });
  });

  it('names no distributor without a sharer', () => {
    const url = new URL(shareLink({ ...base, target, distributorId: null }));
    expect(url.searchParams.has('distributorId')).toBe(false);
    expect(url.searchParams.get('shareChannel')).toBe('110');
  });

  it('never carries what the page it was asked from holds', () => {
    // The page a keeper shares from was itself opened by someone else's link.
    const url = new URL(shareLink({ ...base, target: { route: 'index' }, distributorId: null }));
    expect(url.search).not.toContain('77');
    expect(url.searchParams.get('spm')).toBe('h5.index');
  });

  it('distId=empty drops a carried distributorId, as every internal link does', () => {
    const context = {
      query: new URLSearchParams('shopId=1001&distributorId=77&distId=empty'),
      defaultShopId: '1001',
    };
    const link = new URL(
      buildLink({ name: 'productDetail', query: { productNo: 'P1' } }, context),
      'https://x',
    );
    expect(link.searchParams.has('distributorId')).toBe(false);
    const kept = buildLink(
      { name: 'productDetail' },
      { query: new URLSearchParams('shopId=1001&distributorId=77'), defaultShopId: '1001' },
    );
    expect(kept).toContain('distributorId=77');
  });
});

describe('posters', () => {
  it('exist for products, sales, shops, live rooms and coupons', () => {
    expect(posterKindOf(ShareType.Product)).toBe('product');
    expect(posterKindOf(ShareType.Activity)).toBe('sale');
    expect(posterKindOf(ShareType.Shop)).toBe('shop');
    expect(posterKindOf(ShareType.Living)).toBe('live');
    expect(posterKindOf(ShareType.LiveEnd)).toBe('live');
    expect(posterKindOf(ShareType.Coupon)).toBe('coupon');
    expect(posterKindOf(ShareType.Market)).toBeNull();
    expect(posterKindOf(ShareType.Material)).toBeNull();
  });

  it('are addressed per content, sharer and content version', () => {
    expect(
      posterPath({
        kind: 'product',
        id: 'P1',
        shopId: '1001',
        distributorId: 5,
        contentVersion: 9,
      }),
    ).toBe('/poster/product/P1.png?shopId=1001&d=5&v=9');
    expect(
      posterPath({
        kind: 'shop',
        id: '1001',
        shopId: '1001',
        distributorId: null,
        contentVersion: 3,
      }),
    ).toBe('/poster/shop/1001.png?shopId=1001&v=3');
  });
});

describe('forwarding texts', () => {
  it('belong to a content type group: markets share one, live rooms the live one', () => {
    expect(forwardTypeOf(ShareType.SuperMarket)).toBe(ShareType.Market);
    expect(forwardTypeOf(ShareType.LiveReview)).toBe(ShareType.LiveChannel);
    expect(forwardTypeOf(ShareType.Product)).toBe(ShareType.Product);
    expect(forwardTypeOf(ShareType.Material)).toBeNull();
  });

  it('are trimmed, at most 100 characters, and not empty', () => {
    expect(checkForwardText('  今天上新  ')).toEqual({ ok: true, text: '今天上新' });
    expect(checkForwardText('😀😀')).toEqual({ ok: false, reason: 'empty', text: '' });
    expect(checkForwardText('好'.repeat(FORWARD_TEXT_MAX)).ok).toBe(true);
    expect(checkForwardText('好'.repeat(FORWARD_TEXT_MAX + 1))).toMatchObject({
      ok: false,
      reason: 'tooLong',
    });
    // Emoji do not count towards the limit: they are gone before it is checked.
    expect(checkForwardText(`${'好'.repeat(FORWARD_TEXT_MAX)}😀`).ok).toBe(true);
  });
});
