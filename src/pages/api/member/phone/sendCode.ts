import { z } from 'zod';
import { ok } from '#lib/platform/envelope.ts';
import { AppError, ErrorCode, Messages } from '#lib/platform/errors.ts';
import { sendCodeProblem } from '#lib/identity/login.ts';
import {
  handle,
  json,
  parseBody,
  parseQuery,
  requestClientAddress,
} from '#lib/platform/http.server.ts';
import { PURPOSE_BY_TYPE, issueCode } from '#lib/identity/sms-codes.server.ts';

/**
 * Sends a login code: { phone, type?: 2 }. The answer never tells whether the phone has an
 * account; 429 within 60 s of the last send or over the hourly limits.
 */
export const POST = handle(async (context) => {
  parseQuery(context.url, {});
  const body = await parseBody(context.request, {
    phone: z.string().max(32),
    type: z.literal(2).optional(),
  });
  const problem = sendCodeProblem(body.phone);
  if (problem) throw new AppError(ErrorCode.BAD_REQUEST, problem);
  await issueCode(context.locals.database.db, {
    phone: body.phone,
    purpose: PURPOSE_BY_TYPE[body.type ?? 2],
    clientIp: requestClientAddress(context),
  });
  return json(ok(null, Messages.CODE_SENT));
});
