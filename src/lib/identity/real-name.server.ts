/**
 * A user's real name for cross-border orders (table real_names, one row per user): saved after
 * the verification provider agrees, the name and the ID number stored encrypted (AES-256-GCM,
 * a random 12-byte IV per value, `base64(iv)|base64(tag)|base64(ciphertext)`), masked copies for
 * display, and an HMAC-SHA256 of the number to find it without decrypting. The key is the
 * SHA-256 of the server secret `real-name-key` (made by migration 0013). Every call names the
 * user it reads or writes: no one reads another's record.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError, appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { realNames } from '#lib/platform/db/schema.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import {
  cleanIdNumber,
  cleanRealName,
  idNumberProblem,
  isRealName,
  maskIdNumber,
  maskName,
  sameRealName,
  type IdNumberProblem,
} from './real-name.ts';
import {
  identityProviderName,
  realNameProvider,
  type RealNameProvider,
} from './real-name-provider.server.ts';
import {
  checkBankCard,
  checkCardKind,
  faceidFor,
  type FaceidOptions,
} from './identity-checks.server.ts';
import type { VerifiedAnswer } from './real-name-contracts.ts';

export const REAL_NAME_SECRET = 'real-name-key';

export interface RealNameView {
  nameMasked: string;
  idNumberMasked: string;
  verified: boolean;
}

async function key(db: DbOrTx): Promise<Buffer> {
  return createHash('sha256')
    .update(await serverSecret(db, REAL_NAME_SECRET))
    .digest();
}

export function encryptValue(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64')).join('|');
}

export function decryptValue(key: Buffer, stored: string): string {
  const [iv, tag, body] = stored.split('|').map((part) => Buffer.from(part, 'base64'));
  if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) {
    throw new Error('real name: malformed ciphertext');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

export function idNumberHash(key: Buffer, idNumber: string): string {
  return createHmac('sha256', key).update(cleanIdNumber(idNumber)).digest('hex');
}

/** The user's real name, masked, or null when they have none. For the order confirmation. */
export async function readRealName(db: DbOrTx, userId: number): Promise<RealNameView | null> {
  const [row] = await db
    .select({
      nameMasked: realNames.nameMasked,
      idNumberMasked: realNames.idNumberMasked,
      verifiedAt: realNames.verifiedAt,
    })
    .from(realNames)
    .where(eq(realNames.userId, userId));
  if (!row) return null;
  return {
    nameMasked: row.nameMasked,
    idNumberMasked: row.idNumberMasked,
    verified: row.verifiedAt !== null,
  };
}

/** The verified query: masked name and number when verified, else `{ verified: false }`. */

export async function verifiedQuery(db: DbOrTx, userId: number): Promise<VerifiedAnswer> {
  const found = await readRealName(db, userId);
  return found?.verified
    ? { verified: true, nameMasked: found.nameMasked, idNumberMasked: found.idNumberMasked }
    : { verified: false };
}

/**
 * checkName: whether `name` is the user's verified real name (a payer's name must match the
 * order account's, shell §5). False without a verified record.
 */
export async function checkRealName(db: DbOrTx, userId: number, name: string): Promise<boolean> {
  const [row] = await db
    .select({ nameCipher: realNames.nameCipher, verifiedAt: realNames.verifiedAt })
    .from(realNames)
    .where(eq(realNames.userId, userId));
  if (!row?.verifiedAt) return false;
  return sameRealName(decryptValue(await key(db), row.nameCipher), name);
}

const ID_ERRORS = {
  ID_FORMAT: Errors.ID_NUMBER_FORMAT,
  ID_REGION: Errors.ID_NUMBER_REGION,
  ID_BIRTH: Errors.ID_NUMBER_BIRTH,
  ID_CHECK_DIGIT: Errors.ID_NUMBER_CHECK_DIGIT,
} as const satisfies Record<IdNumberProblem, unknown>;

/**
 * Saves the user's real name (实名认证, and 修改实名信息 over an earlier one): the rules first,
 * then the provider; refused with the rule's error or the provider's reason, saved verified.
 */
export async function saveRealName(
  db: DbOrTx,
  userId: number,
  input: { name: string; idNumber: string },
  provider: RealNameProvider = realNameProvider(db),
): Promise<RealNameView> {
  const name = cleanRealName(input.name);
  const idNumber = cleanIdNumber(input.idNumber);
  if (!isRealName(name)) throw appError(Errors.REAL_NAME_INVALID);
  const problem = idNumberProblem(idNumber);
  if (problem) throw appError(ID_ERRORS[problem]);
  const verdict = await provider.verify({ userId, name, idNumber });
  if (verdict.status === 'refused') {
    const { code } = Errors.REAL_NAME_REFUSED;
    throw new AppError(code, verdict.reason || Errors.REAL_NAME_REFUSED.message);
  }
  const secret = await key(db);
  const now = new Date();
  const row = {
    nameMasked: maskName(name),
    nameCipher: encryptValue(secret, name),
    idNumberMasked: maskIdNumber(idNumber),
    idNumberCipher: encryptValue(secret, idNumber),
    idNumberHash: idNumberHash(secret, idNumber),
    verifiedAt: now,
    updatedAt: now,
  };
  await db
    .insert(realNames)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: realNames.userId, set: row });
  return { nameMasked: row.nameMasked, idNumberMasked: row.idNumberMasked, verified: true };
}

/**
 * A personal bank card's owner check (绑定银行卡), when the identity provider is tencentcloud:
 * faceid's four elements, the user's verified name and ID number, the card and the phone the
 * bank holds for it (confirmed by an SMS code before this is asked). Throws the answer's error;
 * passes with the local provider, whose rules (Luhn, holder = verified name) the caller has
 * already applied.
 */
export async function checkBankCardOwner(
  db: DbOrTx,
  input: { userId: number; cardNo: string; phone: string },
  options: FaceidOptions = {},
): Promise<void> {
  if (identityProviderName(options.config) !== 'tencentcloud') return;
  const [row] = await db
    .select({
      nameCipher: realNames.nameCipher,
      idNumberCipher: realNames.idNumberCipher,
      verifiedAt: realNames.verifiedAt,
    })
    .from(realNames)
    .where(eq(realNames.userId, input.userId));
  if (!row?.verifiedAt) throw appError(Errors.CARD_NEEDS_REAL_NAME);
  const secret = await key(db);
  await checkBankCard(db, faceidFor(db, options), {
    userId: input.userId,
    name: decryptValue(secret, row.nameCipher),
    idNumber: decryptValue(secret, row.idNumberCipher),
    cardNo: input.cardNo,
    phone: input.phone,
  });
}

/**
 * Whether a card number is a debit card, as the identity provider knows it (tencentcloud); null
 * when the provider cannot tell (the local provider: the caller's own prefix rules decide).
 */
export async function bankCardIsDebit(
  db: DbOrTx,
  input: { userId: number; cardNo: string },
  options: FaceidOptions = {},
): Promise<boolean | null> {
  if (identityProviderName(options.config) !== 'tencentcloud') return null;
  return (await checkCardKind(db, faceidFor(db, options), input)) === 'debit';
}

/** The user's verified real name in full, or null (a payout that must name its payee). */
export async function verifiedRealName(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ nameCipher: realNames.nameCipher, verifiedAt: realNames.verifiedAt })
    .from(realNames)
    .where(eq(realNames.userId, userId));
  if (!row?.verifiedAt) return null;
  return decryptValue(await key(db), row.nameCipher);
}

/**
 * The user's verified name and ID number in full, or null: for the payout provider that pays a
 * person by both (云账户). Never shown, never logged.
 */
export async function verifiedPayee(
  db: DbOrTx,
  userId: number,
): Promise<{ name: string; idNumber: string } | null> {
  const [row] = await db
    .select({
      nameCipher: realNames.nameCipher,
      idNumberCipher: realNames.idNumberCipher,
      verifiedAt: realNames.verifiedAt,
    })
    .from(realNames)
    .where(eq(realNames.userId, userId));
  if (!row?.verifiedAt) return null;
  const secret = await key(db);
  return {
    name: decryptValue(secret, row.nameCipher),
    idNumber: decryptValue(secret, row.idNumberCipher),
  };
}

/**
 * The keyed hash of the user's verified ID number, or null: one person however many accounts they
 * hold (a taxpayer's payouts are counted together).
 */
export async function verifiedPersonKey(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: realNames.idNumberHash, verifiedAt: realNames.verifiedAt })
    .from(realNames)
    .where(eq(realNames.userId, userId));
  return row?.verifiedAt ? row.hash : null;
}
