/**
 * Phone + SMS-code login: the code is consumed first (its wrong tries are counted and kept even
 * when the login fails), then the user is found or created by phone and a new session starts.
 * A session the browser still carried is destroyed, so a login always renews the session token.
 */
import { eq } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { users } from '#lib/platform/db/schema.ts';
import { createSession, destroySession } from './sessions.server.ts';
import { consumeCode } from './sms-codes.server.ts';
import { acceptOnLogin } from '#lib/legal/index.server.ts';

/** The nickname of a user created by logging in: 用户 and the phone's last four digits. */
export function nicknameFor(phone: string): string {
  return `用户${phone.slice(-4)}`;
}

export interface PhoneLogin {
  /** Already valid by LOGIN_PHONE. */
  phone: string;
  /** Already six digits. */
  code: string;
  /** The client's address (requestClientAddress), for its own limit of wrong tries; null when unknown. */
  clientIp: string | null;
  /** The browser has logged in with this phone before (known-phones.server.ts). */
  knownPhone?: boolean;
  /** The session token the request carried, if any: destroyed at login. */
  previousToken?: string | undefined;
  /**
   * The form's 我已阅读并同意 was ticked in this shop: its user agreement and privacy policy in
   * force are recorded as accepted with the login (legal area), from this browser.
   */
  accepted?: { shopId: string; userAgent: string | null } | undefined;
  now?: Date;
}

export interface PhoneLoginResult {
  userId: number;
  /** The new session token, for the httpOnly cookie only. */
  token: string;
  created: boolean;
}

export async function loginWithPhone(db: DbOrTx, input: PhoneLogin): Promise<PhoneLoginResult> {
  const now = input.now ?? new Date();
  const consumed = await consumeCode(db, {
    phone: input.phone,
    code: input.code,
    clientIp: input.clientIp,
    knownPhone: input.knownPhone ?? false,
    now,
  });
  if (!consumed) throw appError(Errors.SMS_CODE_INVALID);
  return db.transaction(async (tx) => {
    const { userId, created } = await findOrCreateUser(tx, input.phone);
    if (input.previousToken) await destroySession(tx, input.previousToken);
    const token = await createSession(tx, userId, now);
    if (input.accepted) {
      await acceptOnLogin(tx, {
        shopId: input.accepted.shopId,
        userId,
        clientIp: input.clientIp,
        userAgent: input.accepted.userAgent,
        now,
      });
    }
    return { userId, token, created };
  });
}

async function findOrCreateUser(
  db: DbOrTx,
  phone: string,
): Promise<{ userId: number; created: boolean }> {
  const byPhone = () =>
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, phone))
      .limit(1)
      .then(([row]) => row);
  const existing = await byPhone();
  if (existing) return { userId: existing.id, created: false };
  const [inserted] = await db
    .insert(users)
    .values({ phone, nickname: nicknameFor(phone) })
    .onConflictDoNothing({ target: users.phone })
    .returning({ id: users.id });
  if (inserted) return { userId: inserted.id, created: true };
  // Created a moment ago by a concurrent login of the same phone.
  const raced = await byPhone();
  if (!raced) throw new Error('No user for the phone after a conflicting insert');
  return { userId: raced.id, created: false };
}

/** Ends the session of a token; nothing to do for an unknown one. */
export async function logout(db: DbOrTx, token: string | undefined): Promise<void> {
  if (token) await destroySession(db, token);
}
