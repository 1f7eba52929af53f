import { z } from 'zod';
import { AppError, ErrorCode, Messages } from '../../../lib/domain/errors.ts';
import { handle, parseQuery } from '../../../lib/server/http.ts';
import { messagingApp } from '../../../lib/server/providers/messaging-app/index.ts';
import { jsSdkConfig } from '../../../lib/server/providers/messaging-app/signature.ts';
import { publicOrigin } from '../../../lib/server/services/member-auth.ts';
import { isHttps } from '../../../lib/server/shell.ts';

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
