/**
 * The 诺诺 sandbox's account, made once per database (server_secrets `sandbox-nuonuo`) so every
 * server process of one database signs and verifies alike: the app key and secret it accepts, the
 * seller it issues for (税号 and the name the "tax bureau" has registered for it) and its 开票员.
 * NUONUO_APP_KEY and NUONUO_APP_SECRET (given together) replace the made app, NUONUO_TAX_NO the
 * made tax number, NUONUO_CLERK the clerk.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { madeOnce } from '#lib/platform/secrets.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { makeUscc } from './figures.ts';

const SECRET_NAME = 'sandbox-nuonuo';

export interface SandboxAccount {
  appKey: string;
  appSecret: string;
  taxNo: string;
  /** The seller's name as registered with the sandbox's tax bureau (printed on its invoices). */
  sellerName: string;
  clerk: string;
}

/** What a demo's seller is registered as when nothing else is said. */
export const SANDBOX_SELLER_NAME = '杭州演示商贸有限公司';
export const SANDBOX_CLERK = '演示开票员';

const ORG_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

function makeAccount(): SandboxAccount {
  const org = Array.from({ length: 8 }, (_, i) =>
    // A letter first, as the codes given since 2015 have (MA…); never all zeros.
    i === 0 ? 'M' : ORG_CHARS[randomInt(1, ORG_CHARS.length)]!,
  ).join('');
  return {
    appKey: randomBytes(6).toString('hex').toUpperCase(),
    appSecret: randomBytes(12).toString('hex').toUpperCase(),
    taxNo: makeUscc('330106', org),
    sellerName: SANDBOX_SELLER_NAME,
    clerk: SANDBOX_CLERK,
  };
}

const loaded = new WeakMap<object, Promise<SandboxAccount>>();

async function load(db: DbOrTx, config: Env): Promise<SandboxAccount> {
  const made = await madeOnce<SandboxAccount>(db, SECRET_NAME, () => makeAccount());
  const given = config.NUONUO_APP_KEY !== undefined && config.NUONUO_APP_SECRET !== undefined;
  return {
    appKey: given ? config.NUONUO_APP_KEY! : made.appKey,
    appSecret: given ? config.NUONUO_APP_SECRET! : made.appSecret,
    taxNo: config.NUONUO_TAX_NO ?? made.taxNo,
    sellerName: made.sellerName,
    clerk: config.NUONUO_CLERK ?? made.clerk,
  };
}

/** The sandbox's account for this database, read (or made) once per process. */
export function sandboxAccount(db: DbOrTx, config: Env = env()): Promise<SandboxAccount> {
  let account = loaded.get(db);
  if (!account) {
    account = load(db, config);
    account.catch(() => loaded.delete(db));
    loaded.set(db, account);
  }
  return account;
}
