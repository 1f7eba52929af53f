/**
 * The retried posts on the embedded database, with a queue table of its own: what the sandboxes'
 * tests do not reach — the last back-off repeating, a claim that ran out, answers that are not
 * taken.
 */
import { eq, sql } from 'drizzle-orm';
import { bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from './db/client.server.ts';
import { claimDuePosts, postForm, type PostQueue } from './retried-posts.server.ts';

const posts = pgTable('retried_posts_test', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  state: text('state').notNull(),
  attempts: integer('attempts').notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }),
  answer: text('answer'),
});
const QUEUE: PostQueue<typeof posts> = {
  table: posts,
  pending: eq(posts.state, 'due'),
  dueAt: 'dueAt',
  attempts: 'attempts',
  result: 'answer',
  backoffMs: [1000, 5000],
};
const NOW = new Date('2026-11-21T04:00:00Z');
const after = (ms: number) => new Date(NOW.getTime() + ms);

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  await database.db.execute(sql`
    create table retried_posts_test (
      id bigserial primary key, state text not null, attempts integer not null,
      due_at timestamptz, answer text)`);
});
afterAll(() => database.close());
beforeEach(() => database.db.delete(posts));

const add = async (values: Partial<typeof posts.$inferInsert> = {}) =>
  (
    await database.db
      .insert(posts)
      .values({ state: 'due', attempts: 0, dueAt: NOW, ...values })
      .returning()
  )[0]!;
const read = async (id: number) =>
  (await database.db.select().from(posts).where(eq(posts.id, id)))[0]!;
const answering =
  (status: number, body: string): typeof fetch =>
  async () =>
    new Response(body, { status });

describe('retried posts', () => {
  it('claims the pending rows that are due, each once until its lease runs out', async () => {
    const due = await add();
    const later = await add({ dueAt: after(1) });
    await add({ state: 'taken' });
    const ids = async (now: Date) =>
      (await claimDuePosts(database.db, QUEUE, now)).map((claim) => claim.row.id);
    expect(await ids(NOW)).toEqual([due.id]);
    expect(await ids(NOW)).toEqual([]);
    expect(await ids(after(59_999))).toEqual([later.id]);
    expect(await ids(after(60_000))).toEqual([due.id]);
  });

  it('backs off after a post not taken, the last wait repeating, and records one taken', async () => {
    const { id } = await add({ attempts: 1 });
    let [claim] = await claimDuePosts(database.db, QUEUE, NOW);
    await claim!.record({ taken: false, result: 'HTTP 500 ' }, NOW, { state: 'taken' });
    expect(await read(id)).toMatchObject({ attempts: 2, dueAt: after(5000), answer: 'HTTP 500 ' });
    [claim] = await claimDuePosts(database.db, QUEUE, after(5000));
    await claim!.record({ taken: false, result: 'again' }, after(5000), { state: 'taken' });
    expect(await read(id)).toMatchObject({ attempts: 3, dueAt: after(10_000) });
    [claim] = await claimDuePosts(database.db, QUEUE, after(10_000));
    await claim!.record({ taken: true, result: 'HTTP 200 ok' }, after(10_000), { state: 'taken' });
    expect(await read(id)).toMatchObject({ state: 'taken', attempts: 3, answer: 'HTTP 200 ok' });
  });

  it('writes nothing once the claim ran out and another round took the row', async () => {
    const { id } = await add();
    const [late] = await claimDuePosts(database.db, QUEUE, NOW);
    const [next] = await claimDuePosts(database.db, QUEUE, after(61_000));
    await late!.write({ state: 'taken' });
    expect(await read(id)).toMatchObject({ state: 'due', dueAt: after(121_000) });
    await next!.write({ state: 'taken' });
    expect((await read(id)).state).toBe('taken');
  });

  it('reads an answer as taken only when HTTP 200 and accepted', async () => {
    const form = new URLSearchParams({ a: '1' });
    const zero = (answer: Record<string, unknown>) => answer.status === '0000';
    expect(await postForm('http://x/', form, answering(200, '{"status":"0000"}'), zero)).toEqual({
      taken: true,
      result: 'HTTP 200 {"status":"0000"}',
    });
    expect(await postForm('http://x/', form, answering(500, '{"status":"0000"}'), zero)).toEqual({
      taken: false,
      result: 'HTTP 500 {"status":"0000"}',
    });
    expect(await postForm('http://x/', form, answering(200, 'not json'), zero)).toEqual({
      taken: false,
      result: 'HTTP 200 not json',
    });
    const down: typeof fetch = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    expect(await postForm('http://x/', form, down, zero)).toEqual({
      taken: false,
      result: 'error: connect ECONNREFUSED',
    });
  });
});
