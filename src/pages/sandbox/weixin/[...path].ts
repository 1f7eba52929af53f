import type { APIRoute } from 'astro';
import { handleWeixinSandboxRequest } from '#lib/identity/index.server.ts';

/**
 * The sandbox WeChat gateway's API (identity/messaging-app/sandbox.server.ts): sns/oauth2/
 * access_token, sns/userinfo, cgi-bin/token and cgi-bin/ticket/getticket under /sandbox/weixin/,
 * answered with WeChat's JSON and errcode/errmsg. Demo mode only (the middleware hides /sandbox/**
 * in production).
 */
export const ALL: APIRoute = ({ request, locals }) =>
  handleWeixinSandboxRequest(locals.database.db, request);
