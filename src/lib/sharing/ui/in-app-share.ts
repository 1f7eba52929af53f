/**
 * Inside the messaging app: sets the page's share data through the app's JS-SDK, so a forwarded
 * card shows the content's title, description and picture, and its link names the sharer (the
 * server decides: only an active shop keeper). The SDK is configured with the signature of this
 * page's URL (GET /api/member/signature). Loaded only inside the app.
 */
import { jsSdkSignature } from '#lib/identity/ui/calls.ts';
import { loadShareInfo } from './share-client.ts';

/** The messaging app's JS-SDK, as far as sharing uses it. */
export interface JsSdk {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (answer: unknown) => void): void;
  updateAppMessageShareData(data: {
    title: string;
    desc: string;
    link: string;
    imgUrl: string;
  }): void;
  updateTimelineShareData(data: { title: string; link: string; imgUrl: string }): void;
}

declare global {
  interface Window {
    wx?: JsSdk;
  }
}

/** The SDK's published script (its host must be allowed by the page's script-src). */
export const JS_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

function loadJsSdk(): Promise<JsSdk | null> {
  if (window.wx) return Promise.resolve(window.wx);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = JS_SDK_URL;
    script.onload = () => resolve(window.wx ?? null);
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
}

function report(where: string, detail: unknown): void {
  const error = new Error(`[share] ${where}: ${JSON.stringify(detail)}`);
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
}

export async function setInAppShareData(contentType: number, contentId: string): Promise<void> {
  const [info, config, sdk] = await Promise.all([
    loadShareInfo(contentType, contentId),
    jsSdkSignature(location.href.split('#')[0]!),
    loadJsSdk(),
  ]);
  // Commerce §8: JS-SDK failures go to error reporting, never to the shopper.
  if (!sdk) return report('js-sdk missing', {});
  sdk.config({
    debug: false,
    ...config,
    jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
  });
  sdk.error((answer) => report('config', answer));
  sdk.ready(() => {
    sdk.updateAppMessageShareData({
      title: info.title,
      desc: info.desc,
      link: info.link,
      imgUrl: info.imgUrl,
    });
    sdk.updateTimelineShareData({ title: info.title, link: info.link, imgUrl: info.imgUrl });
  });
}
