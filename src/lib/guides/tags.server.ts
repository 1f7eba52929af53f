/** The guide tags a user has seen in a shop (guide_tags): read, and saved once. */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { guideTags, shops } from '#lib/platform/db/schema.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { GuideTag } from './tags.ts';

export async function tagsExist(
  db: DbOrTx,
  input: { shopId: string; userId: number; tagNames: readonly GuideTag[] },
): Promise<{ name: GuideTag; exist: boolean }[]> {
  const rows = await db
    .select({ tagName: guideTags.tagName })
    .from(guideTags)
    .where(
      and(
        eq(guideTags.shopId, input.shopId),
        eq(guideTags.userId, input.userId),
        inArray(guideTags.tagName, [...input.tagNames]),
      ),
    );
  const seen = new Set(rows.map((row) => row.tagName));
  return [...new Set(input.tagNames)].map((name) => ({ name, exist: seen.has(name) }));
}

/** Saves the tag as seen; saving it again changes nothing. A shop that does not exist is refused. */
export async function markTagSeen(
  db: DbOrTx,
  input: { shopId: string; userId: number; tagName: GuideTag },
): Promise<true> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shopId));
  if (!shop) throw appError(Errors.SHOP_NOT_FOUND);
  await db.insert(guideTags).values(input).onConflictDoNothing();
  return true;
}
