/**
 * Which channel pays where the page is open (issue: "payment that fits where the page is open"):
 * inside the messaging app its own pay sheet (JSAPI), in a phone's browser the gateway's H5 page,
 * on a computer a QR code to scan with the phone (Native).
 */
import type { PayChannel } from './status.ts';

export type PayPlace = 'inapp' | 'mobile' | 'desktop';

/** Phones and tablets by their browsers' own words; everything else is a computer. */
const MOBILE = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|OpenHarmony|Windows Phone/i;

export function payPlace(userAgent: string | null): PayPlace {
  if (userAgent?.includes('MicroMessenger')) return 'inapp';
  return userAgent && MOBILE.test(userAgent) ? 'mobile' : 'desktop';
}

const CHANNEL_OF: Record<PayPlace, PayChannel> = {
  inapp: 'jsapi',
  mobile: 'h5',
  desktop: 'native',
};

const HINTS: Record<PayChannel, string> = {
  jsapi: '微信内支付',
  h5: '跳转微信支付',
  native: '微信扫码支付',
};

export interface ChannelOption {
  channel: PayChannel;
  name: string;
  hint: string;
}

/** The channels a page open here can use: exactly one, the one that works here. */
export function channelsFor(place: PayPlace): ChannelOption[] {
  const channel = CHANNEL_OF[place];
  return [{ channel, name: '微信支付', hint: HINTS[channel] }];
}

export function channelAllowed(place: PayPlace, channel: PayChannel): boolean {
  return CHANNEL_OF[place] === channel;
}
