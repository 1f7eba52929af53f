/**
 * The token lease on the embedded database, with a table of its own (keyed by two columns, as
 * WeChat's is): what the callers' own tests do not reach — a failed fetch, a lease held by
 * another process, a lease left behind by one that died.
 */
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from './db/client.server.ts';
import { leasedToken, type FreshToken, type TokenOptions } from './token-lease.server.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const tokens = pgTable(
  'lease_test_tokens',
  {
    app: text('app').notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    expiresAt: at('expires_at').notNull(),
    refreshedAt: at('refreshed_at'),
    leaseOwner: text('lease_owner'),
    leaseUntil: at('lease_until'),
  },
  (t) => [primaryKey({ columns: [t.app, t.kind] })],
);
const KEY = { app: 'app-1', kind: 'token' };
const MINUTE = 60_000;

let database: Database;
let fetches: number;
let next: () => Promise<FreshToken>;

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  await database.db.execute(sql`
    create table lease_test_tokens (
      app text not null, kind text not null, value text not null,
      expires_at timestamptz not null, refreshed_at timestamptz,
      lease_owner text, lease_until timestamptz,
      primary key (app, kind))`);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(tokens);
  fetches = 0;
  next = async () => ({ value: `token-${fetches}`, expiresIn: 3600 });
});

const token = (options: TokenOptions = {}, key: typeof KEY = KEY) =>
  leasedToken(
    database.db,
    { table: tokens, key, refreshMarginMs: 5 * MINUTE, leaseMs: 30_000 },
    () => {
      fetches += 1;
      return next();
    },
    options,
  );
const row = async (key = KEY) =>
  (
    await database.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.app, key.app), eq(tokens.kind, key.kind)))
  )[0]!;

describe('the token lease', () => {
  it('fetches once for callers that ask together, and keeps each key to its own row', async () => {
    const answers = await Promise.all([token(), token(), token()]);
    expect(answers).toEqual(['token-1', 'token-1', 'token-1']);
    expect(await token({}, { app: 'app-1', kind: 'ticket' })).toBe('token-2');
    expect(fetches).toBe(2);
    expect(await row()).toMatchObject({ value: 'token-1', leaseOwner: null, leaseUntil: null });
  });

  it('refreshes within the margin before expiry, judged by the given clock', async () => {
    await token();
    const later = new Date(Date.now() + 3600_000 - 4 * MINUTE);
    expect(await token({ now: () => later })).toBe('token-2');
    expect((await row()).refreshedAt).toEqual(later);
  });

  it('replaces a refused token, unless another process already did', async () => {
    await token();
    expect(await token({ rejected: 'token-0' })).toBe('token-1');
    expect(await token({ rejected: 'token-1' })).toBe('token-2');
    expect(fetches).toBe(2);
  });

  it('lets go of the lease when the fetch fails, so the next caller fetches', async () => {
    next = async () => {
      throw new Error('vendor down');
    };
    await expect(token()).rejects.toThrow('vendor down');
    expect(await row()).toMatchObject({ value: '', leaseOwner: null, leaseUntil: null });
    next = async () => ({ value: 'recovered', expiresIn: 3600 });
    expect(await token()).toBe('recovered');
  });

  it('waits for what the holder of the lease stores', async () => {
    await database.db.insert(tokens).values({
      ...KEY,
      value: '',
      expiresAt: new Date(0),
      leaseOwner: 'another-process',
      leaseUntil: new Date(Date.now() + 30_000),
    });
    const waiting = token();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await database.db
      .update(tokens)
      .set({
        value: 'from-the-holder',
        expiresAt: new Date(Date.now() + 3600_000),
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(eq(tokens.app, KEY.app));
    expect(await waiting).toBe('from-the-holder');
    expect(fetches).toBe(0);
  });

  it('takes over a lease its holder left to lapse', async () => {
    await database.db.insert(tokens).values({
      ...KEY,
      value: '',
      expiresAt: new Date(0),
      leaseOwner: 'a-process-that-died',
      leaseUntil: new Date(Date.now() - 1000),
    });
    expect(await token()).toBe('token-1');
    expect(await row()).toMatchObject({ leaseOwner: null, leaseUntil: null });
  });
});
