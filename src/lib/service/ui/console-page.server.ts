/**
 * The service console's read (客服工作台): for the shop's staff, the stream position and then the
 * conversations; null for anyone else.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { isShopStaff, latestMessageId, shopConversations } from '../conversations.server.ts';

export async function readServiceConsolePage(db: DbOrTx, shopId: string, userId: number) {
  if (!(await isShopStaff(db, shopId, userId))) return null;
  // Position first, then the list: a message between the two arrives on the stream.
  const lastMessageId = await latestMessageId(db, { shopId });
  const conversations = await shopConversations(db, shopId, userId);
  return { lastMessageId, conversations };
}
