import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { signContract } from '#lib/membership/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';

/**
 * POST ?shopBizCode= (body: the version and text hash the dialog showed, or empty for the version
 * in force) → code 0, data true: the member has signed the keeper service agreement.
 */
export const POST = endpoint(
  MembershipContracts.contractSign,
  async ({ query, body, user, context }) => {
    await signContract(context.locals.database.db, query.shopBizCode, user.id, {
      clientIp: requestClientAddress(context),
      userAgent: context.request.headers.get('user-agent'),
      shown:
        body.version !== undefined && body.textHash !== undefined
          ? { version: body.version, textHash: body.textHash }
          : undefined,
    });
    return true as const;
  },
);
