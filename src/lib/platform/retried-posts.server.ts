/**
 * Posts a sandbox makes to the shop as its vendor would (a result callback, a parcel push), kept
 * in a table of the area that owns them and tried again on a back-off until the receiver takes
 * one. The area says what to post and what answer means taken; this is the loop around it.
 *
 * Any process may run a round at any time: each due row is claimed first by moving its due time a
 * lease ahead (`FOR UPDATE SKIP LOCKED`), so two processes never post the same one, and a process
 * that dies mid-post leaves it to be posted again when the lease runs out. No transaction is held
 * while posting (the receiver may be this very process, on this database).
 */
import { and, asc, eq, getTableColumns, inArray, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db/client.server.ts';

const SECOND = 1000;
/** A claimed row belongs to its process this long (longer than a post may take). */
const LEASE_MS = 60 * SECOND;
const POST_TIMEOUT_MS = 5 * SECOND;
/** Posts one round makes at most; the next round takes the rest. */
const BATCH = 20;

type Row<T extends PgTable> = T['$inferSelect'];
type FieldOf<T extends PgTable, Data> = {
  [K in keyof Row<T>]: Row<T>[K] extends Data ? K : never;
}[keyof Row<T>] &
  string;

export type PostTable = PgTable & { id: AnyPgColumn<{ data: number }> };

export interface PostQueue<T extends PostTable> {
  table: T;
  /** The rows still to be posted, due or not yet. */
  pending: SQL;
  /** When the row's next post is due. */
  dueAt: FieldOf<T, Date | null>;
  /** Posts not taken since the last one taken. */
  attempts: FieldOf<T, number>;
  /** What the receiver last answered. */
  result: FieldOf<T, string | null>;
  /** The waits after each post not taken; the last one repeats. */
  backoffMs: readonly number[];
}

export interface PostOutcome {
  taken: boolean;
  result: string;
}

export interface ClaimedPost<T extends PostTable> {
  row: Row<T>;
  /** Writes to the row while this round still holds it (its due time is still the lease). */
  write(set: Partial<Row<T>>): Promise<void>;
  /**
   * Writes a post's outcome: taken, `whenTaken` and the answer; else one more attempt, due again
   * after the back-off.
   */
  record(outcome: PostOutcome, now: Date, whenTaken: Partial<Row<T>>): Promise<void>;
}

/** Claims the rows that are due: one statement, so a row another process holds is skipped. */
export async function claimDuePosts<T extends PostTable>(
  db: DbOrTx,
  queue: PostQueue<T>,
  now: Date,
): Promise<ClaimedPost<T>[]> {
  // Drizzle cannot type writes to a generic table; the fields written are those PostQueue names.
  const table: PgTable = queue.table;
  const id = queue.table.id;
  const dueAt = getTableColumns(table)[queue.dueAt]!;
  const lease = new Date(now.getTime() + LEASE_MS);
  const due = db
    .select({ id })
    .from(table)
    .where(and(queue.pending, lte(dueAt, now)))
    .orderBy(asc(dueAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = (await db
    .update(table)
    .set({ [queue.dueAt]: lease })
    .where(and(inArray(id, due), queue.pending, lte(dueAt, now)))
    .returning()) as Row<T>[];
  return rows.map((row) => {
    const held = and(eq(id, (row as { id: number }).id), eq(dueAt, lease));
    const write = async (set: Partial<Row<T>>) => {
      await db.update(table).set(set).where(held);
    };
    return {
      row,
      write,
      record(outcome, at, whenTaken) {
        if (outcome.taken) return write({ ...whenTaken, [queue.result]: outcome.result });
        const attempts = row[queue.attempts] as number;
        const wait = queue.backoffMs[Math.min(attempts, queue.backoffMs.length - 1)]!;
        return write({
          [queue.attempts]: attempts + 1,
          [queue.dueAt]: new Date(at.getTime() + wait),
          [queue.result]: outcome.result,
        } as Partial<Row<T>>);
      },
    };
  });
}

/**
 * Posts a form and reads the answer: taken when HTTP 200 and `accepts` its JSON (an answer that
 * is not JSON is read as `{}`).
 */
export async function postForm(
  url: string,
  form: URLSearchParams,
  send: typeof fetch,
  accepts: (answer: Record<string, unknown>) => boolean,
): Promise<PostOutcome> {
  try {
    const response = await send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: form.toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    const text = (await response.text()).slice(0, 500);
    let answer: Record<string, unknown> = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      // Not the expected answer: not taken.
    }
    return {
      taken: response.status === 200 && accepts(answer),
      result: `HTTP ${response.status} ${text.slice(0, 120)}`,
    };
  } catch (error) {
    return { taken: false, result: `error: ${(error as Error).message}` };
  }
}

/**
 * Runs `round` about every `intervalMs` until stopped. A round never overlaps the last; a failing
 * round is logged after `failure` and the next one tries again.
 */
export function repeatRounds(
  round: () => Promise<unknown>,
  options: { intervalMs: number; failure: string },
): () => void {
  let busy = false;
  let stopped = false;
  const tick = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      await round();
    } catch (error) {
      console.error(options.failure, (error as Error).message);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
