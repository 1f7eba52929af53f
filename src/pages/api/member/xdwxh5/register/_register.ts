/** The shop-keeper application calls (register, registerSchool, register/tw) share one handler. */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { json, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { registerShopKeeper, type RegisterChannel } from '#lib/membership/membership.server.ts';

export async function register(context: APIContext, channel: RegisterChannel): Promise<Response> {
  const user = await requireUser(context);
  const { shopId } = parseParams(context.params, { shopId: shopIdSchema });
  // register/tw: the inviting shop keeper's code (their member number).
  const twCode =
    channel === 'tw'
      ? parseParams(context.params, {
          twCode: z.string().regex(/^\d{1,20}$/, '邀请码格式不正确'),
        }).twCode
      : undefined;
  const query = parseQuery(context.url, {});
  await parseBody(context.request, {});
  const inviter = twCode ?? query.distributorId;
  const result = await registerShopKeeper(context.locals.database.db, {
    shopId,
    userId: user.id,
    channel,
    inviterId: inviter ? Number(inviter) : null,
  });
  return json(ok(result, Messages.REGISTERED));
}
