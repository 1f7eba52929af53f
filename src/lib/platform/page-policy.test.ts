import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineHashes, pagePolicy } from './page-policy.server.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('a page policy', () => {
  const html = [
    '<html><head><style>a{color:red}</style>',
    '<script type="application/ld+json">{"@type":"Product"}</script>',
    '<script type="module" src="/_astro/page.js"></script>',
    '<script>window.a=1</script>',
    '</head><body><script type="module">import "/_astro/x.js";</script>',
    '<style>a{color:red}</style><script>window.a=1</script></body></html>',
  ].join('');

  it('hashes each inline script and style once, leaving data blocks and files out', () => {
    expect(inlineHashes(html)).toEqual({
      scripts: [sha('window.a=1'), sha('import "/_astro/x.js";')],
      styles: [sha('a{color:red}')],
    });
  });

  it('allows only the shop, the hashed inline code and the messaging app script host', () => {
    const policy = pagePolicy(html);
    expect(policy).toContain(
      `script-src 'self' https://res.wx.qq.com ${sha('window.a=1')} ${sha('import "/_astro/x.js";')};`,
    );
    expect(policy).toMatch(
      new RegExp(`style-src 'self' ${sha('a{color:red}').replace(/[+/]/g, '\\$&')}$`),
    );
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-inline;script');
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('stays small on a page with a few inline scripts', () => {
    expect(pagePolicy(html).length).toBeLessThan(1024);
  });
});
