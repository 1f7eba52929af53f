/**
 * The messaging app's JS-SDK (`jweixin`), configured with the signature of this page's URL
 * (GET /api/member/signature) for the calls a page names. Loaded only inside the app, lazily:
 * the share sheet sets its share data with it, the invoice form reads a title from it.
 */
import { jsSdkSignature } from './calls.ts';

/** The JS-SDK, as far as the shop uses it. */
export interface JsSdk {
  config(options: {
    debug: boolean;
    /** Lets `invoke` reach the calls the SDK does not publish (chooseInvoiceTitle). */
    beta?: boolean;
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
  invoke(name: string, args: Record<string, string>, callback: (answer: JsSdkAnswer) => void): void;
}

/** What `invoke` calls back with: `err_msg` is `<call>:ok`, `<call>:cancel` or `<call>:fail…`. */
export interface JsSdkAnswer {
  err_msg?: string;
  [field: string]: unknown;
}

declare global {
  interface Window {
    wx?: JsSdk;
  }
}

/** The SDK's published script (its host must be allowed by the page's script-src). */
export const JS_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

function loadScript(): Promise<JsSdk | null> {
  if (window.wx) return Promise.resolve(window.wx);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = JS_SDK_URL;
    script.onload = () => resolve(window.wx ?? null);
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
}

/** Commerce §8: JS-SDK failures go to error reporting, never to the shopper. */
export function reportJsSdk(where: string, detail: unknown): void {
  const error = new Error(`[js-sdk] ${where}: ${JSON.stringify(detail)}`);
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
}

/**
 * The SDK configured for `jsApiList`, once it is ready; null when the script or the signature
 * cannot be had, or the app refuses the configuration (each reported).
 */
export async function readyJsSdk(
  jsApiList: string[],
  options: { beta?: boolean } = {},
): Promise<JsSdk | null> {
  const [config, sdk] = await Promise.all([
    jsSdkSignature(location.href.split('#')[0]!).catch(() => null),
    loadScript(),
  ]);
  if (!config || !sdk) {
    reportJsSdk(config ? 'missing' : 'signature', null);
    return null;
  }
  return new Promise((resolve) => {
    sdk.config({ debug: false, ...config, ...options, jsApiList });
    sdk.error((answer) => {
      reportJsSdk('config', answer);
      resolve(null);
    });
    sdk.ready(() => resolve(sdk));
  });
}
