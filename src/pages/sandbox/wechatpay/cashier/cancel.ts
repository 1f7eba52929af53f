import type { APIRoute } from 'astro';
import { handleCashierPost, unlessSandbox } from '#lib/payments/index.server.ts';

/** The sandbox cashier page's 取消支付 (a form post from the page itself). */
export const POST: APIRoute = ({ request, locals }) =>
  unlessSandbox() ??
  handleCashierPost(locals.database.db, request, { decision: 'cancel', ...locals.site });
