import type { APIRoute } from 'astro';
import { unlessSandbox } from '#lib/payments/index.server.ts';
import { isSameOriginPost } from '#lib/payments/index.ts';
import { receiptSheet, sandboxConfirmReceipt } from '#lib/payments/index.server.ts';

const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** What the sandbox app's confirm-receipt sheet shows for a package_info, or 404. */
export const GET: APIRoute = async ({ url, locals }) => {
  const closed = unlessSandbox();
  if (closed) return closed;
  const packageInfo = url.searchParams.get('package') ?? '';
  const sheet =
    packageInfo.length <= 256 ? await receiptSheet(locals.database.db, packageInfo) : null;
  return new Response(JSON.stringify(sheet), { status: sheet ? 200 : 404, headers });
};

const TEXT = { 'not-found': '转账单不存在', received: '已收款', closed: '该笔转账已失效' } as const;

/**
 * 确认收款 on the sandbox app's sheet (requestMerchantTransfer with mchId, appId, package),
 * answered as the app answers its callback, `{err_msg: 'requestMerchantTransfer:ok|fail'}`.
 * Only a page of this origin may post it.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const closed = unlessSandbox();
  if (closed) return closed;
  if (!isSameOriginPost(request.headers, locals.site.host)) {
    return new Response('Forbidden', { status: 403 });
  }
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  const fields = ['mchId', 'appId', 'package'] as const;
  if (
    !body ||
    fields.some((f) => typeof body[f] !== 'string' || (body[f] as string).length > 256)
  ) {
    return new Response(
      JSON.stringify({ err_msg: 'requestMerchantTransfer:fail', err_desc: '参数错误' }),
      { headers },
    );
  }
  const result = await sandboxConfirmReceipt(locals.database.db, {
    mchId: body.mchId as string,
    appId: body.appId as string,
    packageInfo: body.package as string,
  });
  const answer = result.ok
    ? { err_msg: 'requestMerchantTransfer:ok' }
    : { err_msg: 'requestMerchantTransfer:fail', err_desc: TEXT[result.reason] };
  return new Response(JSON.stringify(answer), { headers });
};
