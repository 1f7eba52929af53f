import { IdentityContracts } from '#lib/identity/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { messagingApp } from '#lib/identity/index.server.ts';
import { jsSdkConfig } from '#lib/identity/index.server.ts';

/**
 * GET /api/member/signature?url= (shell §7): the messaging app's JS-SDK config for a page of
 * this site: { appId, timestamp, nonceStr, signature }.
 */
export const GET = endpoint(IdentityContracts.signature, async ({ query, context }) => {
  const config = await jsSdkConfig(
    messagingApp(context.locals.database.db),
    query.url,
    context.locals.site.origin,
  );
  if (!config) throw appError(Errors.SIGN_URL_FOREIGN);
  return config;
});
