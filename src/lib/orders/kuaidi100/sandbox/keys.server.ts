/**
 * The Kuaidi100 sandbox's account, made once per database (server_secrets `sandbox-kuaidi100`)
 * so every server process of one database signs and verifies alike: the customer and key the
 * sandbox accepts, and the salt the shop names in its subscriptions. KUAIDI100_CUSTOMER and
 * KUAIDI100_KEY (given together) replace the made account, KUAIDI100_SALT the made salt.
 */
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { madeOnce } from '#lib/platform/secrets.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';

const SECRET_NAME = 'sandbox-kuaidi100';

export interface SandboxAccount {
  customer: string;
  key: string;
  salt: string;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

function makeAccount(): SandboxAccount {
  return { customer: hex(16), key: hex(8), salt: hex(12) };
}

const loaded = new WeakMap<object, Promise<SandboxAccount>>();

async function load(db: DbOrTx, config: Env): Promise<SandboxAccount> {
  const made = await madeOnce<SandboxAccount>(db, SECRET_NAME, () => makeAccount());
  const given = config.KUAIDI100_CUSTOMER !== undefined && config.KUAIDI100_KEY !== undefined;
  return {
    customer: given ? config.KUAIDI100_CUSTOMER! : made.customer,
    key: given ? config.KUAIDI100_KEY! : made.key,
    salt: config.KUAIDI100_SALT ?? made.salt,
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
