/**
 * The sandbox gateway's keys, made once per database (server_secrets `sandbox-wechatpay`) so every
 * server process of one database signs and verifies alike: a merchant (number, certificate serial,
 * private key, API v3 key) and the platform's key pair with its public-key id. Merchant values
 * given in the WECHATPAY_* settings replace the made ones; the platform key is always the
 * sandbox's own (a real platform private key is never ours to hold).
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { madeOnce } from '#lib/platform/secrets.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';

const SECRET_NAME = 'sandbox-wechatpay';

interface StoredKeys {
  mchId: string;
  merchantSerial: string;
  merchantPrivateKey: string;
  apiV3Key: string;
  platformKeyId: string;
  platformPrivateKey: string;
}

export interface SandboxKeys {
  mchId: string;
  merchantSerial: string;
  merchantPrivateKey: KeyObject;
  merchantPublicKey: KeyObject;
  apiV3Key: string;
  platformKeyId: string;
  platformPrivateKey: KeyObject;
  platformPublicKey: KeyObject;
}

function makeKeys(): StoredKeys {
  const pem = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
  const alnum = (n: number) =>
    randomBytes(n)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, n);
  return {
    mchId: '1900000109',
    merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
    merchantPrivateKey: pem(),
    apiV3Key: alnum(32),
    platformKeyId: `PUB_KEY_ID_0119${randomBytes(14).toString('hex').toUpperCase()}`,
    platformPrivateKey: pem(),
  };
}

const loaded = new WeakMap<object, Promise<SandboxKeys>>();

async function load(db: DbOrTx, config: Env): Promise<SandboxKeys> {
  const stored = await madeOnce<StoredKeys>(db, SECRET_NAME, () => makeKeys());
  const given = config.WECHATPAY_MCH_PRIVATE_KEY !== undefined;
  const merchantPrivateKey = createPrivateKey(
    given ? config.WECHATPAY_MCH_PRIVATE_KEY! : stored.merchantPrivateKey,
  );
  const platformPrivateKey = createPrivateKey(stored.platformPrivateKey);
  return {
    mchId: given ? config.WECHATPAY_MCH_ID! : stored.mchId,
    merchantSerial: given ? config.WECHATPAY_MCH_SERIAL! : stored.merchantSerial,
    merchantPrivateKey,
    merchantPublicKey: createPublicKey(merchantPrivateKey),
    apiV3Key: given ? config.WECHATPAY_API_V3_KEY! : stored.apiV3Key,
    platformKeyId: stored.platformKeyId,
    platformPrivateKey,
    platformPublicKey: createPublicKey(platformPrivateKey),
  };
}

/** The sandbox's keys for this database, read (or made) once per process. */
export function sandboxKeys(db: DbOrTx, config: Env = env()): Promise<SandboxKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = load(db, config);
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}
