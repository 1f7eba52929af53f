/**
 * The Aliyun account of a demo: the sandbox's AccessKey, made once per database (server_secrets
 * `sandbox-aliyun`) so every server process of one database signs and verifies alike, unless
 * ALIYUN_ACCESS_KEY_ID/SECRET are given (then those, as payments/sandbox/keys.server.ts does),
 * and the sign and template: the configured ones, else the sandbox's own approved pair.
 */
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { madeOnce } from '#lib/platform/secrets.server.ts';
import type { Env } from '#lib/platform/env.server.ts';

const SECRET_NAME = 'sandbox-aliyun';
/** The sandbox's approved signature and verification-code template, when none is configured. */
export const SANDBOX_SIGN_NAME = '小店';
export const SANDBOX_TEMPLATE_CODE = 'SMS_100000001';

export interface AliyunAccount {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
}

type Keys = Pick<AliyunAccount, 'accessKeyId' | 'accessKeySecret'>;

function alnum(n: number): string {
  return randomBytes(n * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n);
}

const loaded = new WeakMap<object, Promise<Keys>>();

function loadKeys(db: DbOrTx): Promise<Keys> {
  return madeOnce<Keys>(db, SECRET_NAME, () => ({
    accessKeyId: `LTAI${alnum(20)}`,
    accessKeySecret: alnum(30),
  }));
}

/** The demo's Aliyun account for this database (keys read or made once per process). */
export async function aliyunSandboxAccount(db: DbOrTx, config: Env): Promise<AliyunAccount> {
  let keys: Promise<Keys> | undefined;
  if (config.ALIYUN_ACCESS_KEY_ID !== undefined) {
    // env.server.ts takes the two keys only as a pair.
    keys = Promise.resolve({
      accessKeyId: config.ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET!,
    });
  } else {
    keys = loaded.get(db);
    if (!keys) {
      keys = loadKeys(db);
      keys.catch(() => loaded.delete(db));
      loaded.set(db, keys);
    }
  }
  return {
    ...(await keys),
    signName: config.ALIYUN_SMS_SIGN_NAME ?? SANDBOX_SIGN_NAME,
    templateCode: config.ALIYUN_SMS_TEMPLATE_CODE ?? SANDBOX_TEMPLATE_CODE,
  };
}
