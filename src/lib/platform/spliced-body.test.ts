import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPrefix, finishBody } from './spliced-body.server.ts';

const page = Buffer.from(
  `<!doctype html><html><body>${'<p>同一页面，每位顾客都一样。</p>'.repeat(400)}`,
);

describe('a prefix compressed once, finished with a tail of its own', () => {
  const prefix = compressPrefix(page);

  for (const tail of ['<body data-cart-count="3" data-user-id="42"></body></html>', '']) {
    it(`decodes to prefix and tail in brotli, gzip and plain (tail of ${tail.length})`, () => {
      const own = Buffer.from(tail);
      const whole = Buffer.concat([page, own]);
      expect(brotliDecompressSync(Buffer.concat(finishBody(prefix, own, 'br')))).toEqual(whole);
      expect(gunzipSync(Buffer.concat(finishBody(prefix, own, 'gzip')))).toEqual(whole);
      expect(Buffer.concat(finishBody(prefix, own, 'identity'))).toEqual(whole);
    });
  }

  it('costs a few bytes over the tail, not a compression of the page', () => {
    const own = Buffer.from('<body data-cart-count="3"></body></html>');
    const size = (encoding: 'br' | 'gzip') =>
      Buffer.concat(finishBody(prefix, own, encoding)).byteLength;
    expect(size('br')).toBeLessThan(prefix.br.byteLength + own.byteLength + 8);
    expect(size('gzip')).toBeLessThan(prefix.deflate.byteLength + own.byteLength + 24);
    expect(size('br')).toBeLessThan(page.byteLength / 4);
  });

  it('takes a tail longer than one block', () => {
    const own = Buffer.from('尾'.repeat(30_000)); // 90,000 bytes: two blocks
    const whole = Buffer.concat([page, own]);
    expect(brotliDecompressSync(Buffer.concat(finishBody(prefix, own, 'br')))).toEqual(whole);
    expect(gunzipSync(Buffer.concat(finishBody(prefix, own, 'gzip')))).toEqual(whole);
  });
});
