import { describe, expect, it } from 'vitest';
import {
  NOTICE_TEXT_MAX,
  SHOP_INTRO_MAX,
  SHOP_NAME_MAX,
  checkShopSettings,
  cleanFollowUrl,
  cleanPlainText,
  cleanShopName,
  type ShopSettingsInput,
} from './settings.ts';
import { ShopSettingErrors } from './settings-errors.ts';

const valid: ShopSettingsInput = {
  shopName: '小鹿优选',
  intro: '精选品牌特卖',
  noticeEnabled: false,
  noticeText: '',
  followUrl: '',
};

describe('the shop name (commerce §5 name text sanitiser)', () => {
  it('keeps Chinese, letters, digits and common punctuation, without the emoji', () => {
    expect(cleanShopName('小鹿优选😀')).toEqual({ ok: true, value: '小鹿优选' });
    expect(cleanShopName('  Deer·优选 2026！ ')).toEqual({ ok: true, value: 'Deer·优选 2026！' });
    expect(cleanShopName('小鹿\n\t优选')).toEqual({ ok: true, value: '小鹿 优选' });
  });

  it('refuses an empty name', () => {
    expect(cleanShopName('')).toEqual({ ok: false, error: ShopSettingErrors.SHOP_NAME_EMPTY });
    expect(cleanShopName('   \n ')).toEqual({
      ok: false,
      error: ShopSettingErrors.SHOP_NAME_EMPTY,
    });
  });

  it('refuses a name made only of emoji or symbols', () => {
    for (const name of ['😀🎉', '🇨🇳👨‍👩‍👧', '★☆♥', '！！！', '😀 。😀']) {
      expect(cleanShopName(name), name).toEqual({
        ok: false,
        error: ShopSettingErrors.SHOP_NAME_SYMBOLS_ONLY,
      });
    }
    expect(ShopSettingErrors.SHOP_NAME_EMPTY.message).toBe('店铺名称不能为空');
    expect(ShopSettingErrors.SHOP_NAME_SYMBOLS_ONLY.message).toBe('店铺名称不能只含表情或特殊符号');
  });

  it('counts characters after sanitising: at most 20', () => {
    expect(cleanShopName('好'.repeat(SHOP_NAME_MAX)).ok).toBe(true);
    expect(cleanShopName(`${'好'.repeat(SHOP_NAME_MAX)}😀😀`).ok).toBe(true);
    expect(cleanShopName('好'.repeat(SHOP_NAME_MAX + 1))).toEqual({
      ok: false,
      error: ShopSettingErrors.SHOP_NAME_TOO_LONG,
    });
  });
});

describe('plain texts (intro, notice)', () => {
  it('drop control characters, make line ends plain, keep at most one empty line', () => {
    expect(cleanPlainText(' 第一行\r\n\r\n\r\n\r\n第二行\u0000\u200b \t\n')).toBe(
      '第一行\n\n第二行',
    );
  });
});

describe('the follow link', () => {
  it('is optional', () => {
    expect(cleanFollowUrl('  ')).toEqual({ ok: true, value: null });
  });
  it('must be an https address without credentials', () => {
    expect(cleanFollowUrl(' https://mp.weixin.qq.com/mp/profile_ext?action=home ')).toEqual({
      ok: true,
      value: 'https://mp.weixin.qq.com/mp/profile_ext?action=home',
    });
    for (const url of [
      'http://mp.weixin.qq.com/x',
      'javascript:alert(1)',
      'https://user:pw@mp.weixin.qq.com/',
      'https://localhost/x',
      'mp.weixin.qq.com',
      'https://mp.weixin.qq.com/a b',
    ]) {
      expect(cleanFollowUrl(url), url).toEqual({
        ok: false,
        error: ShopSettingErrors.FOLLOW_URL_INVALID,
      });
    }
  });
  it('is at most 500 characters', () => {
    expect(cleanFollowUrl(`https://a.cn/${'x'.repeat(500)}`)).toEqual({
      ok: false,
      error: ShopSettingErrors.FOLLOW_URL_TOO_LONG,
    });
  });
});

describe('checkShopSettings', () => {
  it('answers every field as it will be stored', () => {
    expect(
      checkShopSettings({
        shopName: '小鹿优选🦌',
        intro: '  正品保障\r\n七天无理由 ',
        noticeEnabled: true,
        noticeText: ' 今日发货延迟 ',
        followUrl: 'https://mp.weixin.qq.com/s/abc',
      }),
    ).toEqual({
      ok: true,
      value: {
        shopName: '小鹿优选',
        intro: '正品保障\n七天无理由',
        noticeEnabled: true,
        noticeText: '今日发货延迟',
        followUrl: 'https://mp.weixin.qq.com/s/abc',
      },
    });
  });

  it('names the first bad field', () => {
    expect(checkShopSettings({ ...valid, shopName: '🎉' })).toMatchObject({
      ok: false,
      field: 'shopName',
    });
    expect(checkShopSettings({ ...valid, intro: '介'.repeat(SHOP_INTRO_MAX + 1) })).toEqual({
      ok: false,
      field: 'intro',
      error: ShopSettingErrors.SHOP_INTRO_TOO_LONG,
    });
    expect(checkShopSettings({ ...valid, followUrl: 'http://x.cn' })).toMatchObject({
      ok: false,
      field: 'followUrl',
    });
  });

  it('needs the notice text when the notice is on, and bounds it either way', () => {
    expect(checkShopSettings({ ...valid, noticeEnabled: true, noticeText: ' \n ' })).toEqual({
      ok: false,
      field: 'noticeText',
      error: ShopSettingErrors.SHOP_NOTICE_REQUIRED,
    });
    expect(checkShopSettings({ ...valid, noticeEnabled: false, noticeText: '' }).ok).toBe(true);
    expect(
      checkShopSettings({ ...valid, noticeText: '公'.repeat(NOTICE_TEXT_MAX + 1) }),
    ).toMatchObject({ ok: false, field: 'noticeText' });
  });
});
