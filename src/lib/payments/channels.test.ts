import { describe, expect, it } from 'vitest';
import { channelAllowed, channelsFor, payPlace } from './channels.ts';

const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const DESKTOP_WECHAT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0 Safari/537.36 MicroMessenger/7.0.20.1781(0x6700143B) NetType/WIFI WindowsWechat';

describe('where the page is open decides the channel', () => {
  it.each([
    [IPHONE_WECHAT, 'inapp', 'jsapi', '微信内支付'],
    [DESKTOP_WECHAT, 'inapp', 'jsapi', '微信内支付'],
    [ANDROID_CHROME, 'mobile', 'h5', '跳转微信支付'],
    [DESKTOP_CHROME, 'desktop', 'native', '微信扫码支付'],
    [null, 'desktop', 'native', '微信扫码支付'],
  ] as const)('%s → %s', (ua, place, channel, hint) => {
    expect(payPlace(ua)).toBe(place);
    expect(channelsFor(place)).toEqual([{ channel, name: '微信支付', hint }]);
    expect(channelAllowed(place, channel)).toBe(true);
    for (const other of ['jsapi', 'h5', 'native'] as const) {
      if (other !== channel) expect(channelAllowed(place, other)).toBe(false);
    }
  });
});
