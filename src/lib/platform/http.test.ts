import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { shopIdSchema } from './id-schemas.ts';
import { errorResponse, parseBody, parseParams, parseQuery } from './http.server.ts';

async function envelopeOf(fn: () => unknown) {
  try {
    await fn();
  } catch (error) {
    const response = errorResponse(error);
    return { status: response.status, body: await response.json() };
  }
  throw new Error('expected a failure');
}

describe('input parsing', () => {
  it('rejects a shopId that is not a shop code with a 400 envelope and a Chinese message', async () => {
    const result = await envelopeOf(() =>
      parseParams({ shopId: '<script>' }, { shopId: shopIdSchema }),
    );
    expect(result).toEqual({
      status: 400,
      body: { code: 400, message: 'shopId：店铺编号格式不正确', success: false, data: null },
    });
  });

  it('rejects unknown query keys but accepts the ones the request client adds', async () => {
    const url = new URL('http://x/api?distributorId=12&shopBizCode=1001&t=1');
    expect(parseQuery(url, {})).toEqual({ distributorId: '12', shopBizCode: '1001', t: '1' });
    const result = await envelopeOf(() => parseQuery(new URL('http://x/api?admin=1'), {}));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('不支持的参数：admin');
  });

  it('refuses a distributorId that no row id can be (overflowing, zero, negative)', async () => {
    const max = String(Number.MAX_SAFE_INTEGER);
    expect(parseQuery(new URL(`http://x/api?distributorId=${max}`), {})).toEqual({
      distributorId: max,
    });
    for (const id of ['99999999999999999999', '9007199254740992', '0', '-1', '1e3']) {
      const result = await envelopeOf(() =>
        parseQuery(new URL(`http://x/api?distributorId=${id}`), {}),
      );
      expect(result, id).toEqual({
        status: 400,
        body: {
          code: 400,
          message: 'distributorId：distributorId 格式不正确',
          success: false,
          data: null,
        },
      });
    }
  });

  it('treats an empty distributorId copied from the page URL as absent', () => {
    expect(parseQuery(new URL('http://x/api?distributorId=&shopBizCode=1001'), {})).toEqual({
      shopBizCode: '1001',
    });
  });

  it('reads a repeated key as the array of its values (array params), at most 200 of them', async () => {
    const list = { skuNos: z.union([z.string(), z.array(z.string())]) };
    expect(parseQuery(new URL('http://x/api?skuNos=a&skuNos=b&skuNos=c'), list)).toEqual({
      skuNos: ['a', 'b', 'c'],
    });
    expect(parseQuery(new URL('http://x/api?skuNos=a'), list)).toEqual({ skuNos: 'a' });
    const many = Array.from({ length: 201 }, (_, i) => `skuNos=s${i}`).join('&');
    const result = await envelopeOf(() => parseQuery(new URL(`http://x/api?${many}`), list));
    expect(result.body.message).toBe('skuNos：最多200个');
    // A key expecting one value refuses it repeated.
    const twice = await envelopeOf(() =>
      parseQuery(new URL('http://x/api?shopBizCode=1001&shopBizCode=1002'), {}),
    );
    expect(twice.status).toBe(400);
  });

  it('refuses a body over 64 KB with 413', async () => {
    const big = new Request('http://x', {
      method: 'POST',
      body: JSON.stringify({ phone: 'x'.repeat(70_000) }),
      headers: { 'content-type': 'application/json' },
    });
    const result = await envelopeOf(() => parseBody(big, { phone: z.string() }));
    expect(result).toEqual({
      status: 413,
      body: { code: 413, message: '请求内容过大', success: false, data: null },
    });
  });

  it('refuses a chunked body as soon as it passes 64 KB, without reading the rest', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(16 * 1024));
      },
    });
    // duplex: a streamed body, which the DOM typings of RequestInit do not name.
    const init = { method: 'POST', body: endless, duplex: 'half' } as RequestInit;
    const chunked = new Request('http://x', init);
    const result = await envelopeOf(() => parseBody(chunked, {}));
    expect(result).toEqual({
      status: 413,
      body: { code: 413, message: '请求内容过大', success: false, data: null },
    });
    // Five 16 KB chunks pass 64 KB; the stream may have pulled one ahead, never the rest.
    expect(pulled).toBeLessThanOrEqual(6);
  });

  it('refuses a declared length over 64 KB before reading the body', async () => {
    const lying = new Request('http://x', {
      method: 'POST',
      body: '{}',
      headers: { 'content-length': String(64 * 1024 + 1), 'content-type': 'application/json' },
    });
    expect((await envelopeOf(() => parseBody(lying, {}))).status).toBe(413);
  });

  it('refuses a NUL anywhere in the query, the path or the body, naming the field', async () => {
    const query = await envelopeOf(() =>
      parseQuery(new URL('http://x/api?keyword=a%00b'), { keyword: z.string() }),
    );
    expect(query).toEqual({
      status: 400,
      body: { code: 400, message: 'keyword：不能包含空字符', success: false, data: null },
    });
    const params = await envelopeOf(() => parseParams({ no: 'a\0' }, { no: z.string() }));
    expect(params.body.message).toBe('no：不能包含空字符');
    const post = (body: string) =>
      new Request('http://x', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
    const nested = await envelopeOf(() =>
      parseBody(post('{"list":[{"name":"ok"},{"name":"a\\u0000"}]}'), { list: z.any() }),
    );
    expect(nested.body.message).toBe('list.1.name：不能包含空字符');
    const key = await envelopeOf(() => parseBody(post('{"a\\u0000":1}'), {}));
    expect(key).toMatchObject({ status: 400, body: { message: '不能包含空字符' } });
  });

  it('walks a deeply nested body without overflowing the stack', async () => {
    const deep = `${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}`;
    const post = new Request('http://x', {
      method: 'POST',
      body: `{"a":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    const result = await envelopeOf(() => parseBody(post, { a: z.any() }));
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/^a\.0\.0\.0\..*：不能包含空字符$/);
  });

  it('rejects unknown body keys and broken JSON', async () => {
    const post = (body: string) =>
      new Request('http://x', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
    await expect(parseBody(post('{"phone":"1"}'), { phone: z.string() })).resolves.toEqual({
      phone: '1',
    });
    const extra = await envelopeOf(() =>
      parseBody(post('{"phone":"1","price":1}'), { phone: z.string() }),
    );
    expect(extra.body.message).toBe('不支持的参数：price');
    const broken = await envelopeOf(() => parseBody(post('{'), { phone: z.string() }));
    expect(broken).toMatchObject({ status: 400, body: { message: '请求体不是有效的 JSON' } });
  });

  it('refuses with 415 a body not declared JSON, unread: a form post, text/plain, none', async () => {
    const refused = {
      status: 415,
      body: { code: 415, message: '请求内容必须是 JSON', success: false, data: null },
    };
    let pulled = 0;
    const watched = () =>
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulled += 1;
            controller.enqueue(new TextEncoder().encode('{"phone":"1"}'));
            controller.close();
          },
        },
        // Nothing is pulled before a reader asks.
        { highWaterMark: 0 },
      );
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain;charset=UTF-8',
      'application/jsonp',
    ]) {
      const init = {
        method: 'POST',
        body: watched(),
        duplex: 'half',
        headers: { 'content-type': type },
      } as RequestInit;
      expect(await envelopeOf(() => parseBody(new Request('http://x', init), {}))).toEqual(refused);
    }
    expect(pulled).toBe(0);
    // What the browser's fetch sends with a string and no type: text/plain.
    const plain = new Request('http://x', { method: 'POST', body: '{"phone":"1"}' });
    expect(await envelopeOf(() => parseBody(plain, { phone: z.string() }))).toEqual(refused);
    // A body without any content type is refused too; no body at all is an empty input.
    const untyped = { method: 'POST', body: watched(), duplex: 'half' } as RequestInit;
    expect(await envelopeOf(() => parseBody(new Request('http://x', untyped), {}))).toEqual(
      refused,
    );
    await expect(parseBody(new Request('http://x', { method: 'POST' }), {})).resolves.toEqual({});
    for (const type of [
      'application/json',
      'Application/JSON; charset=utf-8',
      'application/merge-patch+json',
    ]) {
      const typed = new Request('http://x', {
        method: 'POST',
        body: '{"phone":"1"}',
        headers: { 'content-type': type },
      });
      await expect(parseBody(typed, { phone: z.string() })).resolves.toEqual({ phone: '1' });
    }
  });

  it('answers an unexpected error with 500 and 系统异常, never the error text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = errorResponse(new Error('relation "secret_table" does not exist'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 500,
      message: '系统异常',
      success: false,
      data: null,
    });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('keeps an AppError code and status', async () => {
    const response = errorResponse(new AppError(404, '店铺不存在'));
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('店铺不存在');
  });
});
