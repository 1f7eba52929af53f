import { IdentityContracts } from '#lib/identity/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { sendCodeProblem } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import { PURPOSE_BY_TYPE, issueCode } from '#lib/identity/index.server.ts';
import { isKnownPhone } from '#lib/identity/index.server.ts';
import { shopSignature } from '#lib/shop/index.server.ts';

/**
 * Sends a login code: { phone, type?: 2 }, signed with the name of the shop the page is of
 * (shopBizCode). The answer never tells whether the phone has an account; 429 within 60 s of the
 * last send or over the hourly limits.
 */
export const POST = endpoint(IdentityContracts.sendLoginCode, async ({ body, query, context }) => {
  const problem = sendCodeProblem(body.phone);
  if (problem) throw appError({ ...Errors.BAD_REQUEST, message: problem });
  const db = context.locals.database.db;
  await issueCode(db, {
    phone: body.phone,
    purpose: PURPOSE_BY_TYPE[body.type ?? 2],
    clientIp: requestClientAddress(context),
    knownPhone: await isKnownPhone(db, context.cookies, body.phone),
    signature: await shopSignature(db, query.shopBizCode),
  });
  return null;
});
