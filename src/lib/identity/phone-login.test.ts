import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { sessions, users } from '#lib/platform/db/schema.ts';
import { readOutbox } from './sms/outbox.server.ts';
import { loginWithPhone, logout, nicknameFor } from './phone-login.server.ts';
import { createSession, getSessionUser } from './sessions.server.ts';
import { issueCode } from './sms-codes.server.ts';
import { demoPhones } from '#demo/handles.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await database.close();
});

async function codeFor(phone: string): Promise<string> {
  await issueCode(database.db, { phone, clientIp: '10.0.0.2' });
  return (await readOutbox(database.db, phone))[0]!.code!;
}

const userByPhone = (phone: string) =>
  database.db
    .select()
    .from(users)
    .where(eq(users.phone, phone))
    .then(([row]) => row);

describe('logging in with a phone and a code', () => {
  it('logs a seeded user in with a new session', async () => {
    const consumer = await userByPhone(demoPhones.consumer);
    const code = await codeFor(demoPhones.consumer);
    const result = await loginWithPhone(database.db, {
      clientIp: '10.0.0.2',
      phone: demoPhones.consumer,
      code,
    });
    expect(result).toMatchObject({ userId: consumer!.id, created: false });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await getSessionUser(database.db, result.token)).toMatchObject({ id: consumer!.id });
  });

  it('creates an unknown phone’s user, named 用户 and the last four digits', async () => {
    expect(nicknameFor('13912345678')).toBe('用户5678');
    expect(await userByPhone('13912345678')).toBeUndefined();
    const code = await codeFor('13912345678');
    const result = await loginWithPhone(database.db, {
      clientIp: '10.0.0.2',
      phone: '13912345678',
      code,
    });
    expect(result.created).toBe(true);
    expect(await userByPhone('13912345678')).toMatchObject({
      id: result.userId,
      nickname: '用户5678',
    });
  });

  it('refuses a wrong code with 40010 验证码错误或已失效 and starts no session', async () => {
    const code = await codeFor(demoPhones.owner1001);
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await database.db.select().from(sessions);
    await expect(
      loginWithPhone(database.db, {
        clientIp: '10.0.0.2',
        phone: demoPhones.owner1001,
        code: wrong,
      }),
    ).rejects.toMatchObject({ code: 40010, status: 200, message: '验证码错误或已失效' });
    expect(await database.db.select().from(sessions)).toHaveLength(before.length);
    // Used codes fail the same way.
    await loginWithPhone(database.db, { clientIp: '10.0.0.2', phone: demoPhones.owner1001, code });
    await expect(
      loginWithPhone(database.db, { clientIp: '10.0.0.2', phone: demoPhones.owner1001, code }),
    ).rejects.toMatchObject({ code: 40010 });
  });

  it('renews the session: the one the browser carried is destroyed', async () => {
    const user = await userByPhone(demoPhones.manager1001);
    const old = await createSession(database.db, user!.id);
    const code = await codeFor(demoPhones.manager1001);
    const result = await loginWithPhone(database.db, {
      clientIp: '10.0.0.2',
      phone: demoPhones.manager1001,
      code,
      previousToken: old,
    });
    expect(result.token).not.toBe(old);
    expect(await getSessionUser(database.db, old)).toBeNull();
    expect(await getSessionUser(database.db, result.token)).toMatchObject({ id: user!.id });
  });

  it('logs out: the token no longer works; an unknown or missing token is fine', async () => {
    const user = await userByPhone(demoPhones.service1001);
    const token = await createSession(database.db, user!.id);
    await logout(database.db, token);
    expect(await getSessionUser(database.db, token)).toBeNull();
    await logout(database.db, token);
    await logout(database.db, undefined);
  });
});
