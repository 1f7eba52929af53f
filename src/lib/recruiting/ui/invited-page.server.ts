/** 推荐记录's and 奖励明细's read: a page of the keepers this keeper invited, and the counts. */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { INVITED_PAGE_SIZE } from '../contracts.ts';
import { inviteCounts, invitedKeepers } from '../invitations.server.ts';

export async function readInvitedPage(
  db: DbOrTx,
  input: { shopId: string; keeperId: number; page: number; validOnly: boolean },
) {
  const [result, counts] = await Promise.all([
    invitedKeepers(db, input.shopId, input.keeperId, {
      pageNum: input.page,
      pageSize: INVITED_PAGE_SIZE,
      validOnly: input.validOnly,
    }),
    inviteCounts(db, input.shopId, input.keeperId),
  ]);
  return { result, counts };
}
