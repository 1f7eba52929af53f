/** The shop-keeper application calls (register, registerSchool, register/tw) share one handler. */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { ok } from '../../../../../lib/domain/envelope.ts';
import { Messages } from '../../../../../lib/domain/errors.ts';
import { shopIdSchema } from '../../../../../lib/domain/ids.ts';
import { requireUser } from '../../../../../lib/server/auth.ts';
import { json, parseBody, parseParams, parseQuery } from '../../../../../lib/server/http.ts';
import {
  registerShopKeeper,
  type RegisterChannel,
} from '../../../../../lib/server/services/membership.ts';

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
