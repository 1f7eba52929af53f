import { z } from 'zod';
import { AppError, ErrorCode, Messages } from '#lib/platform/errors.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { messagingApp } from '#lib/identity/messaging-app/index.server.ts';
import { jsSdkConfig } from '#lib/identity/messaging-app/signature.server.ts';
import { publicOrigin } from '#lib/identity/member-auth.server.ts';
import { isHttps } from '#lib/shell/context.server.ts';

/**
 * GET /api/member/signature?url= (shell §7): the messaging app's JS-SDK config for a page of
 * this site: { appId, timestamp, nonceStr, signature }.
 */
export const GET = handle(async (context) => {
  const { request, url } = context;
  const query = parseQuery(url, { url: z.string().min(1).max(2000) });
  const config = await jsSdkConfig(
    messagingApp(context.locals.database.db),
    query.url,
    publicOrigin(url, isHttps(request, url)),
  );
  if (!config) throw new AppError(ErrorCode.BAD_REQUEST, Messages.SIGN_URL_FOREIGN);
  return config;
});
