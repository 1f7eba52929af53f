/** The shop-keeper application calls (register, registerSchool, register/tw) share one command. */
import type { APIContext } from 'astro';
import { registerShopKeeper, type RegisterChannel } from '#lib/membership/index.server.ts';

export function register(
  context: APIContext,
  application: { shopId: string; userId: number; channel: RegisterChannel },
  inviter: { distributorId?: string | undefined },
): Promise<{ currentRole: number }> {
  return registerShopKeeper(context.locals.database.db, {
    ...application,
    inviterId: inviter.distributorId ? Number(inviter.distributorId) : null,
  });
}
