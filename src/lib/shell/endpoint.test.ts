import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { endpoint } from './endpoint.server.ts';
/** Just enough of Astro's context for endpoint(): no session cookie, so no database read. */
function contextFor(url: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  // A string body goes as the shop's client sends it: JSON, unless the test names another type.
  const headers = typeof init.body === 'string' ? { 'content-type': 'application/json' } : {};
  const request = new Request(url, { ...init, headers: { ...headers, ...init.headers } });
  return {
    request,
    url: new URL(url),
    params,
    cookies: { get: () => undefined },
    locals: {
      database: { db: null },
      site: { origin: new URL(url).origin, host: new URL(url).host, secure: false },
    },
  } as unknown as APIContext;
}

async function answer(route: ReturnType<typeof endpoint>, context: APIContext) {
  const response = await route(context);
  return { status: response.status, body: await response.json() };
}

const echo = contract<{ no: number; size: string; note: string }>()({
  method: 'POST',
  path: '/api/echo/{no}',
  params: { no: z.coerce.number().int() },
  query: { size: z.string() },
  body: { note: z.string() },
  message: '已保存',
});

describe('endpoint()', () => {
  it('parses params, query and body and answers the envelope with the contract message', async () => {
    const route = endpoint(echo, ({ params, query, body }) => ({
      no: params.no,
      size: query.size,
      note: body.note,
    }));
    const context = contextFor(
      'http://shop.test/api/echo/7?size=M&shopBizCode=1001',
      { method: 'POST', body: JSON.stringify({ note: 'hi' }) },
      { no: '7' },
    );
    expect(await answer(route, context)).toEqual({
      status: 200,
      body: { code: 0, message: '已保存', success: true, data: { no: 7, size: 'M', note: 'hi' } },
    });
  });

  it('refuses unknown query and body keys', async () => {
    const route = endpoint(echo, () => ({ no: 0, size: '', note: '' }));
    const unknownQuery = contextFor(
      'http://shop.test/api/echo/7?size=M&admin=1',
      { method: 'POST', body: '{"note":"x"}' },
      { no: '7' },
    );
    expect((await answer(route, unknownQuery)).body.message).toBe('不支持的参数：admin');
    const unknownBody = contextFor(
      'http://shop.test/api/echo/7?size=M',
      { method: 'POST', body: '{"note":"x","role":4}' },
      { no: '7' },
    );
    expect((await answer(route, unknownBody)).body.message).toBe('不支持的参数：role');
  });

  it('answers a form post 415 in the envelope without calling the handler', async () => {
    let called = false;
    const route = endpoint(echo, () => {
      called = true;
      return { no: 0, size: '', note: '' };
    });
    const form = contextFor(
      'http://shop.test/api/echo/7?size=M',
      {
        method: 'POST',
        body: new URLSearchParams({ note: 'x' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      { no: '7' },
    );
    expect(await answer(route, form)).toEqual({
      status: 415,
      body: { code: 415, message: '请求内容必须是 JSON', success: false, data: null },
    });
    expect(called).toBe(false);
  });

  it('says "not logged in" (100006) before anything about the input', async () => {
    const signedIn = contract<null>()({
      method: 'GET',
      path: '/api/mine',
      query: { shopBizCode: z.string() },
      access: 'signed-in',
    });
    const route = endpoint(signedIn, () => null);
    expect((await answer(route, contextFor('http://shop.test/api/mine?bad=1'))).body).toEqual({
      code: 100006,
      message: '用户未登录',
      success: false,
      data: null,
    });
  });

  it('refuses another site with HTTP 403 and code 40302 where the contract says so', async () => {
    const switching = contract<null>()({
      method: 'GET',
      path: '/api/switch',
      access: 'signed-in',
      refuseCrossSite: true,
    });
    const route = endpoint(switching, () => null);
    const context = contextFor('http://shop.test/api/switch', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    const result = await answer(route, context);
    expect(result.status).toBe(403);
    expect(result.body.code).toBe(40302);
  });

  it('passes a Response of the handler through (the login redirects)', async () => {
    const redirect = contract<never>()({ method: 'GET', path: '/api/go' });
    const route = endpoint(
      redirect,
      () => new Response(null, { status: 302, headers: { location: '/x' } }),
    );
    const response = await route(contextFor('http://shop.test/api/go'));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/x');
  });
});
