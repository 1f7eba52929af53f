/**
 * The SMS outbox of a demo: every message the console provider or an SMS sandbox (Tencent Cloud,
 * Aliyun) "delivers" is kept here for a day, where GET /api/dev/sms-outbox reads it back.
 */
import { desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { smsOutbox } from '#lib/platform/db/schema.ts';

/** Outbox messages older than this are dropped when a new one is written. */
const OUTBOX_KEEP_MS = 86_400_000;
/** The most messages one outbox read answers. */
export const OUTBOX_PAGE = 20;

/** The code of a message: its only run of exactly six digits. */
export function codeInText(text: string): string | null {
  return /(?<!\d)\d{6}(?!\d)/.exec(text)?.[0] ?? null;
}

/** Keeps a delivered message, and logs `[sms] phone code` for whoever runs the demo. */
export async function recordOutbox(
  db: DbOrTx,
  phone: string,
  text: string,
  now = new Date(),
): Promise<void> {
  await db
    .delete(smsOutbox)
    .where(lt(smsOutbox.createdAt, new Date(now.getTime() - OUTBOX_KEEP_MS)));
  await db.insert(smsOutbox).values({ phone, text, createdAt: now });
  console.log(`[sms] ${phone} ${codeInText(text) ?? text}`);
}

export interface OutboxMessage {
  phone: string;
  text: string;
  /** The six digits of the text, for tests and demos. */
  code: string | null;
  createdAt: Date;
}

/** The messages sent to a phone, newest first. */
export async function readOutbox(db: DbOrTx, phone: string): Promise<OutboxMessage[]> {
  const rows = await db
    .select({ phone: smsOutbox.phone, text: smsOutbox.text, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(OUTBOX_PAGE);
  return rows.map((row) => ({ ...row, code: codeInText(row.text) }));
}
