import { z } from 'zod';
import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import {
  handle,
  json,
  parseBody,
  parseQuery,
  requestClientAddress,
} from '#lib/platform/http.server.ts';
import { sendBindCode } from '#lib/identity/phone-binding.server.ts';

/**
 * POST checkPhone/verifyCode (shell §7) { phone }: sends the code that binds another phone to
 * the signed-in account (same limits as every code: 60 s, per phone and per client per hour).
 */
export const POST = handle(async (context) => {
  parseQuery(context.url, {});
  const body = await parseBody(context.request, { phone: z.string().max(32) });
  const user = await requireUser(context);
  await sendBindCode(context.locals.database.db, {
    userId: user.id,
    phone: body.phone,
    clientIp: requestClientAddress(context),
  });
  return json(ok(null, Messages.CODE_SENT));
});
