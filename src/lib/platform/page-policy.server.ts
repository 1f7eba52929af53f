/**
 * Each page's own Content-Security-Policy (decision 046): scripts and style sheets only from the
 * shop itself or hashed, one hash for each inline script and style element the page carries, so
 * the header stays small (the framework's own policy listed every inline script and style of
 * the whole build on every page, about 8 KB). Pictures may come from https (the messaging app's
 * avatars); inline style attributes (a skin's colours, a progress width) cannot run code and are
 * allowed; the messaging app's JS-SDK (share cards) is the one outside script.
 */
import { createHash } from 'node:crypto';

const FIXED = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  // The live room's player feeds the video from a blob: MediaSource.
  "media-src 'self' blob:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "style-src-attr 'unsafe-inline'",
].join(';');

const SCRIPT_SOURCES = "'self' https://res.wx.qq.com";
const STYLE_SOURCES = "'self'";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
// Data blocks (JSON-LD, JSON) never run: the policy does not need them.
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json\b/i;
const EXTERNAL = /\bsrc\s*=/i;

function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The hashes of the page's inline scripts and styles, each once, in the order met. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (EXTERNAL.test(attributes!) || DATA_BLOCK.test(attributes!)) continue;
    scripts.add(hashOf(body!));
  }
  const styles = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_STYLE)) styles.add(hashOf(body!));
  return { scripts: [...scripts], styles: [...styles] };
}

/** The Content-Security-Policy header for a page of this HTML. */
export function pagePolicy(html: string): string {
  const { scripts, styles } = inlineHashes(html);
  return [
    FIXED,
    ['script-src', SCRIPT_SOURCES, ...scripts].join(' '),
    ['style-src', STYLE_SOURCES, ...styles].join(' '),
  ].join(';');
}
