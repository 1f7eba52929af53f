/**
 * Phone binding inside the messaging app (shell §3 "Phone binding", §5; commerce §4, §8): an
 * account signed in with the app needs a phone. The phone the app reported (its default phone)
 * is bound without a code — the app has verified it; any other phone needs a code sent to it.
 *
 * - The phone has no account: it becomes this account's phone.
 * - It is the phone of an account without a messaging-app identity: the two become one (the
 *   phone account is kept and takes this identity, see accounts.ts), in one transaction.
 * - It is the phone of another messaging-app account: refused with
 *   该手机号已绑定账户，请绑定其他手机号.
 */
import { asc, eq, or } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { LOGIN_CODE, sendCodeProblem } from './login.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { users } from '#lib/platform/db/schema.ts';
import { mergeAccounts } from './accounts.server.ts';
import { consumeCode, issueCode, type SmsPurpose } from './sms-codes.server.ts';

/** Binding codes have their own purpose: their own wording, and a login code does not bind. */
export const BIND_CODE_PURPOSE: SmsPurpose = 'bind';

export interface BindPhoneStatus {
  isBindPhone: boolean;
  /** The phone the messaging app reported, offered for binding without a code. */
  userDefaultPhone: string | null;
  /** Inside the app without a phone: the intercept (popup, 我的 tab) applies. */
  needIntercept: boolean;
}

async function account(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      phone: users.phone,
      openId: users.openId,
      defaultPhone: users.defaultPhone,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw appError(Errors.NOT_LOGGED_IN);
  return row;
}

export async function bindPhoneStatus(
  db: DbOrTx,
  userId: number,
  inApp: boolean,
): Promise<BindPhoneStatus> {
  const me = await account(db, userId);
  const isBindPhone = me.phone !== null;
  return {
    isBindPhone,
    userDefaultPhone: me.defaultPhone,
    needIntercept: inApp && !isBindPhone,
  };
}

function phoneProblem(phone: string): void {
  const problem = sendCodeProblem(phone);
  if (problem) throw appError({ ...Errors.BAD_REQUEST, message: problem });
}

/** Sends a binding code to a phone, for an account that has none yet. */
export async function sendBindCode(
  db: DbOrTx,
  input: { userId: number; phone: string; clientIp: string | null; now?: Date },
): Promise<void> {
  phoneProblem(input.phone);
  const me = await account(db, input.userId);
  if (me.phone !== null) throw appError(Errors.ACCOUNT_HAS_PHONE);
  await issueCode(db, {
    phone: input.phone,
    purpose: BIND_CODE_PURPOSE,
    clientIp: input.clientIp,
    ...(input.now ? { now: input.now } : {}),
  });
}

export interface BindPhone {
  userId: number;
  phone: string;
  verifyCode?: string | undefined;
  /** The client's address (requestClientAddress), for its own limit of wrong tries; null when unknown. */
  clientIp: string | null;
  now?: Date;
}

export interface BoundPhone {
  /** The account the session now belongs to: another one when two accounts became one. */
  userId: number;
  merged: boolean;
}

export async function bindUserPhone(db: DbOrTx, input: BindPhone): Promise<BoundPhone> {
  const { phone } = input;
  phoneProblem(phone);
  const me = await account(db, input.userId);
  if (me.phone === phone) return { userId: me.id, merged: false };
  if (me.phone !== null) throw appError(Errors.ACCOUNT_HAS_PHONE);

  // The app's own phone binds without a code while nobody else holds it; taking over an existing
  // account always needs a code sent to that phone.
  const codeChecked = phone !== me.defaultPhone || input.verifyCode !== undefined;
  if (codeChecked) {
    if (!input.verifyCode || !LOGIN_CODE.test(input.verifyCode))
      throw appError(Errors.SMS_CODE_FORMAT);
    // Consumed before anything else, so its wrong tries count even when binding fails later.
    const consumed = await consumeCode(db, {
      phone,
      code: input.verifyCode,
      purpose: BIND_CODE_PURPOSE,
      clientIp: input.clientIp,
      ...(input.now ? { now: input.now } : {}),
    });
    if (!consumed) throw appError(Errors.SMS_CODE_INVALID);
  }

  // A phone account created at the same moment (a phone login) makes the first try conflict;
  // the second finds it and merges.
  for (let attempt = 0; ; attempt++) {
    try {
      return await bindVerifiedPhone(db, me.id, phone, codeChecked);
    } catch (error) {
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function bindVerifiedPhone(
  db: DbOrTx,
  userId: number,
  phone: string,
  codeChecked: boolean,
): Promise<BoundPhone> {
  return db.transaction(async (tx) => {
    // Both rows locked, lowest id first (as a merge locks them), then decided on as they are now.
    const rows = await tx
      .select({ id: users.id, phone: users.phone, openId: users.openId })
      .from(users)
      .where(or(eq(users.id, userId), eq(users.phone, phone)))
      .orderBy(asc(users.id))
      .for('update');
    const me = rows.find((r) => r.id === userId);
    if (!me) throw appError(Errors.NOT_LOGGED_IN);
    if (me.phone === phone) return { userId, merged: false };
    if (me.phone !== null) throw appError(Errors.ACCOUNT_HAS_PHONE);
    const owner = rows.find((r) => r.id !== userId);
    if (!owner) {
      await tx.update(users).set({ phone }).where(eq(users.id, userId));
      return { userId, merged: false };
    }
    if (owner.openId !== null) throw appError(Errors.PHONE_ALREADY_BOUND);
    if (!codeChecked) throw appError(Errors.PHONE_HAS_ACCOUNT_NEEDS_CODE);
    await mergeAccounts(tx, { keepId: owner.id, goneId: userId });
    return { userId: owner.id, merged: true };
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
