import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { media, users } from '#lib/platform/db/schema.ts';
import { AppError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { memoryDatabase } from '../../../tests/fixtures/db.ts';
import { shrunkJpeg, storePicture, type PictureRules } from './pictures.server.ts';

let database: Database;
let userId: number;
let png: Uint8Array;

const rules: PictureRules = {
  formats: new Set(['png', 'jpeg']),
  isPublic: false,
  dailyLimit: 3,
  notPicture: Errors.SERVICE_IMAGE_TYPE,
  overLimit: Errors.SERVICE_IMAGES_TODAY,
};

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  const [user] = await database.db.insert(users).values({}).returning({ id: users.id });
  userId = user!.id;
  png = new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => database.close());

async function stored(isPublic: boolean): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(media)
    .where(and(eq(media.ownerUserId, userId), eq(media.isPublic, isPublic)));
  return row!.n;
}

it('stores exactly the daily limit of uploads sent at once and refuses the rest', async () => {
  const now = new Date();
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, () =>
      storePicture(database.db, userId, png, rules, shrunkJpeg(32), now),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  expect(refusals).toHaveLength(5);
  for (const refusal of refusals) {
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).message).toBe(Errors.SERVICE_IMAGES_TODAY.message);
  }
  expect(await stored(false)).toBe(3);
  // The public pictures have a limit of their own.
  await storePicture(database.db, userId, png, { ...rules, isPublic: true }, shrunkJpeg(32), now);
  expect(await stored(true)).toBe(1);
});
