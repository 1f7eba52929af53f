import { LegalContracts } from '#lib/legal/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { acceptAgreements } from '#lib/legal/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';

/**
 * POST ?shopBizCode= { agreements: [{ type, version, textHash }], from? } → the caller's
 * acceptances of those types: each must be the version in force with the text shown.
 */
export const POST = endpoint(LegalContracts.acceptAgreements, ({ query, body, user, context }) =>
  acceptAgreements(
    context.locals.database.db,
    {
      shopId: query.shopBizCode,
      userId: user.id,
      clientIp: requestClientAddress(context),
      userAgent: context.request.headers.get('user-agent'),
      via: body.from ?? 'prompt',
    },
    body.agreements,
  ),
);
