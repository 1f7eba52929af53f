/** A user's invoice titles (抬头): listed, added, changed, removed; one may be the default. */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { invoiceTitles, users } from '#lib/platform/db/schema.ts';
import type { TitleView } from './contracts.ts';
import { TITLE_KIND_TEXT } from './status.ts';
import { MAX_TITLES, cleanTitle, type CleanTitle, type TitleInput } from './titles.ts';

type TitleRow = typeof invoiceTitles.$inferSelect;

export function titleView(row: TitleRow): TitleView {
  const kind = row.kind as TitleView['kind'];
  return {
    id: row.id,
    kind,
    kindText: TITLE_KIND_TEXT[kind],
    name: row.name,
    taxId: row.taxId,
    regAddress: row.regAddress,
    regPhone: row.regPhone,
    bank: row.bank,
    account: row.account,
    isDefault: row.isDefault,
  };
}

/** The user's titles, the default first, then the newest. */
export async function listTitles(db: DbOrTx, userId: number): Promise<TitleView[]> {
  const rows = await db
    .select()
    .from(invoiceTitles)
    .where(eq(invoiceTitles.userId, userId))
    .orderBy(desc(invoiceTitles.isDefault), desc(invoiceTitles.id));
  return rows.map(titleView);
}

/** The user's own title as it is kept, for an application. */
export async function ownTitle(db: DbOrTx, userId: number, id: number): Promise<CleanTitle> {
  const [row] = await db
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId)));
  if (!row) throw appError(Errors.TITLE_NOT_FOUND);
  return { ...row, kind: row.kind as CleanTitle['kind'] };
}

/**
 * Adds a title (at most MAX_TITLES), or changes the user's own one `id` names. The first title a
 * user keeps is their default; making one the default takes it from the others.
 */
export async function saveTitle(
  db: DbOrTx,
  input: TitleInput & { userId: number; id?: number | undefined; isDefault: boolean },
  now = new Date(),
): Promise<TitleView> {
  const clean = cleanTitle(input);
  if (!('title' in clean)) throw appError(clean);
  return db.transaction(async (tx) => {
    // One writer at a time per user (their user row locked): the count and the default are read
    // and written together, also for a user's very first title.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const mine = await tx
      .select({ id: invoiceTitles.id, isDefault: invoiceTitles.isDefault })
      .from(invoiceTitles)
      .where(eq(invoiceTitles.userId, input.userId))
      .orderBy(asc(invoiceTitles.id));
    if (input.id !== undefined && !mine.some((t) => t.id === input.id)) {
      throw appError(Errors.TITLE_NOT_FOUND);
    }
    if (input.id === undefined && mine.length >= MAX_TITLES) {
      throw appError(Errors.TOO_MANY_TITLES);
    }
    const isDefault = input.isDefault || mine.length === 0;
    if (isDefault) {
      await tx
        .update(invoiceTitles)
        .set({ isDefault: false })
        .where(
          and(
            eq(invoiceTitles.userId, input.userId),
            eq(invoiceTitles.isDefault, true),
            ...(input.id === undefined ? [] : [ne(invoiceTitles.id, input.id)]),
          ),
        );
    }
    const values = { ...clean.title, isDefault, updatedAt: now };
    const [row] =
      input.id === undefined
        ? await tx
            .insert(invoiceTitles)
            .values({ ...values, userId: input.userId, createdAt: now })
            .returning()
        : await tx
            .update(invoiceTitles)
            .set(values)
            .where(and(eq(invoiceTitles.id, input.id), eq(invoiceTitles.userId, input.userId)))
            .returning();
    return titleView(row!);
  });
}

/** Removes the user's own title; when it was the default, the newest left becomes it. */
export async function deleteTitle(db: DbOrTx, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(invoiceTitles)
      .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId)))
      .returning({ isDefault: invoiceTitles.isDefault });
    if (!gone) throw appError(Errors.TITLE_NOT_FOUND);
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: invoiceTitles.id })
      .from(invoiceTitles)
      .where(eq(invoiceTitles.userId, userId))
      .orderBy(desc(invoiceTitles.id))
      .limit(1);
    if (next) {
      await tx.update(invoiceTitles).set({ isDefault: true }).where(eq(invoiceTitles.id, next.id));
    }
  });
}
