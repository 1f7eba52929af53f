/**
 * The money path's model-based test under concurrency, on a real PostgreSQL server: the same
 * actions as the PGlite run (tests/fixtures/money-model.ts), drawn in batches that run all at once
 * (Promise.all, each on its own pooled connection) — a mix of actions, or one kind of action
 * several times (duplicate callbacks, taps on 同意, card amounts) — with every invariant checked
 * after each batch. fast-check prints the seed and the shrunk batches of a failure.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { SEED_NOW, TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { inProcessGateway, type InProcessGateway } from '../fixtures/payments.ts';
import {
  actionArbitraries,
  anyAction,
  checkInvariants,
  newWorld,
  quiesce,
  runAction,
  type Action,
  type Model,
} from '../fixtures/money-model.ts';

let database: Database;
let gateway: InProcessGateway;
let current: Model | null = null;

beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
  gateway = await inProcessGateway(database.db, { now: () => current?.now ?? SEED_NOW });
});
afterAll(async () => {
  await database?.close();
});

/**
 * A batch: a few actions of any kind; or one kind of action several times over (duplicate
 * callbacks, taps on 同意, withdrawals); or a card's verification amounts all at once, the
 * amount sent among them (as one would try to beat the 3-try limit).
 */
const batch: fc.Arbitrary<Action[]> = fc.oneof(
  { arbitrary: fc.array(anyAction, { minLength: 2, maxLength: 5 }), weight: 3 },
  {
    arbitrary: fc
      .constantFrom(...(Object.values(actionArbitraries) as fc.Arbitrary<Action>[]))
      .chain((kind) => fc.array(kind, { minLength: 2, maxLength: 6 })),
    weight: 3,
  },
  {
    arbitrary: fc
      .array(actionArbitraries.verifyCard, { minLength: 3, maxLength: 8 })
      .chain((tries) =>
        actionArbitraries.verifyCard
          .filter((act) => act.name.includes('the amount sent'))
          .map((right) => [...tries, right]),
      ),
    weight: 1,
  },
);

/** Shrinking a failure stops after two minutes and reports the smallest batches found by then. */
const LIMITS = { interruptAfterTimeLimit: 120_000 };

const property = fc.asyncProperty(
  fc.array(batch, { minLength: 4, maxLength: 16, size: 'medium' }),
  async (batches) => {
    const { world, model } = await newWorld(database.db, gateway, SEED_NOW);
    current = model;
    for (const actions of batches) {
      model.log.push(`— at once: ${actions.length}`);
      await Promise.all(actions.map((act) => runAction(world, model, act)));
      await quiesce(world);
      await checkInvariants(world, model);
    }
  },
);

describe('the money path under concurrent batches of commands', () => {
  // A seed that sends a card's amounts at once, the amount sent among them.
  it('keeps every invariant on a fixed seed', async () => {
    await fc.assert(property, { seed: 20261127, numRuns: 10, ...LIMITS });
  }, 300_000);

  it('keeps every invariant on random seeds', async () => {
    const seed = Date.now() ^ (Math.random() * 0x7fffffff);
    console.info(`money model (PostgreSQL): random seed ${seed}`);
    await fc.assert(property, { seed, numRuns: 6, ...LIMITS });
  }, 300_000);
});
