import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  SHOP_CONFIG_KEYS,
  SHOP_CONFIG_LABELS,
  mergeConfig,
  parseShopConfigValue,
  shellConfig,
  shopConfigKeySchema,
  validShopValues,
} from './config.ts';

z.config(z.locales.zhCN());

const refusal = (key: Parameters<typeof parseShopConfigValue>[0], value: unknown) => {
  try {
    parseShopConfigValue(key, value);
  } catch (error) {
    const issue = (error as z.ZodError).issues[0]!;
    return `${issue.path.join('.')}：${issue.code === 'unrecognized_keys' ? issue.keys.join(',') : issue.message}`;
  }
  return null;
};

const PLATFORM = {
  secureNotice: { h5: true, msg: '谨防诈骗' },
  hasBackIcon: true,
  showOwnBusinessLabel: true,
  sysAlert: { isOpen: false, title: '系统公告', msg: '' },
  followUrl: '',
  sentryConfig: { enabled: false, sampleRate: 1 },
};

describe('config entries a shop may set', () => {
  it('are the entries of shell §3 the manager edits, each labelled', () => {
    expect(SHOP_CONFIG_KEYS).toEqual([
      'secureNotice',
      'hasBackIcon',
      'showOwnBusinessLabel',
      'sysAlert',
      'followUrl',
      'license',
      'licenseAkc',
      'licenseXiangdian',
      'licenseInfo',
    ]);
    for (const key of SHOP_CONFIG_KEYS) expect(SHOP_CONFIG_LABELS[key]).toMatch(/[\u4e00-\u9fa5]/);
    expect(shopConfigKeySchema.safeParse('sentryConfig').success).toBe(false);
  });

  it('are each checked by their own schema: shape, unknown keys, bounded text', () => {
    expect(
      parseShopConfigValue('sysAlert', { isOpen: true, title: ' 停服通知 ', msg: '今晚维护' }),
    ).toEqual({ isOpen: true, title: '停服通知', msg: '今晚维护' });
    expect(refusal('sysAlert', { isOpen: true, title: '停服', msg: '维护', extra: 1 })).toBe(
      'value：extra',
    );
    expect(refusal('sysAlert', { isOpen: true, title: '停', msg: 'x'.repeat(501) })).toBe(
      'value.msg：最多500个字',
    );
    expect(refusal('sysAlert', { isOpen: true, title: '', msg: '' })).toBe(
      'value.msg：开启系统公告时请填写标题和内容',
    );
    expect(refusal('sysAlert', { isOpen: false, title: '', msg: '' })).toBeNull();
    expect(refusal('secureNotice', { h5: true, msg: '' })).toBe(
      'value.msg：开启安全提示时请填写提示内容',
    );
    expect(refusal('secureNotice', { h5: true, msg: 'x'.repeat(101) })).toBe(
      'value.msg：最多100个字',
    );
    expect(refusal('hasBackIcon', 'false')).toMatch(/^value：/);
    expect(refusal('license', 'x'.repeat(201))).toBe('value：最多200个字');
    expect(refusal('licenseInfo', { companyName: '小鹿', icp: '京ICP备1号', logo: 'x' })).toBe(
      'value：logo',
    );
  });

  it('take only an https link, or none, as the follow link', () => {
    expect(parseShopConfigValue('followUrl', '')).toBe('');
    expect(parseShopConfigValue('followUrl', 'https://mp.weixin.qq.com/s/abc')).toBe(
      'https://mp.weixin.qq.com/s/abc',
    );
    for (const bad of ['http://example.com', 'javascript:alert(1)', 'https://a b', 'x']) {
      expect(refusal('followUrl', bad), bad).toMatch(/^value/);
    }
  });
});

describe('the merged map', () => {
  it('puts the shop’s values over the platform’s and keeps the platform’s other entries', () => {
    const merged = mergeConfig(PLATFORM, [
      { key: 'sysAlert', value: { isOpen: true, title: '店铺公告', msg: '春节不打烊' } },
      { key: 'hasBackIcon', value: false },
    ]);
    expect(merged.sysAlert).toEqual({ isOpen: true, title: '店铺公告', msg: '春节不打烊' });
    expect(merged.hasBackIcon).toBe(false);
    expect(merged.secureNotice).toEqual(PLATFORM.secureNotice);
    expect(merged.sentryConfig).toEqual(PLATFORM.sentryConfig);
  });

  it('leaves out a stored value its schema refuses, and a key a shop may not set', () => {
    const rows = [
      { key: 'sysAlert', value: { isOpen: 'yes' } },
      { key: 'sentryConfig', value: { enabled: true } },
      { key: 'followUrl', value: 'https://example.com/follow' },
    ];
    expect(validShopValues(rows)).toEqual({ followUrl: 'https://example.com/follow' });
    const merged = mergeConfig(PLATFORM, rows);
    expect(merged.sysAlert).toEqual(PLATFORM.sysAlert);
    expect(merged.sentryConfig).toEqual(PLATFORM.sentryConfig);
  });

  it('tells the shell what to show', () => {
    expect(shellConfig(PLATFORM)).toEqual({
      sysAlert: null,
      secureNotice: '谨防诈骗',
      hasBackIcon: true,
      showOwnBusinessLabel: true,
    });
    expect(
      shellConfig({
        sysAlert: { isOpen: true, title: '店铺公告', msg: '春节不打烊' },
        secureNotice: { h5: false, msg: '谨防诈骗' },
        hasBackIcon: false,
      }),
    ).toEqual({
      sysAlert: { title: '店铺公告', msg: '春节不打烊' },
      secureNotice: null,
      hasBackIcon: false,
      showOwnBusinessLabel: false,
    });
    // A malformed entry shows nothing rather than half of it.
    expect(shellConfig({ sysAlert: { isOpen: true, title: 3 } }).sysAlert).toBeNull();
    expect(shellConfig({}).hasBackIcon).toBe(true);
  });
});
