/**
 * The Tencent Cloud sandbox's account, made once per database (server_secrets
 * `sandbox-tencentcloud`) so every server process of one database signs and verifies alike:
 * a SecretId and SecretKey, the SMS SdkAppId, sign name and template. Values given in the
 * TENCENTCLOUD_* settings replace the made ones, so the shop's adapters and the vendor's SDKs
 * configured with them are answered by the sandbox exactly as by the real service.
 */
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { madeOnce } from '#lib/platform/secrets.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';

const SECRET_NAME = 'sandbox-tencentcloud';

/** The sandbox's SMS account when none is configured: an app, an approved sign and template. */
export const SANDBOX_SMS_SDK_APP_ID = '1400000001';
export const SANDBOX_SMS_SIGN_NAME = '演示商城';
export const SANDBOX_SMS_TEMPLATE_ID = '2000001';

export interface TencentCloudSandboxKeys {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
}

interface StoredKeys {
  secretId: string;
  secretKey: string;
}

function makeKeys(): StoredKeys {
  const alnum = (n: number) =>
    randomBytes(n * 2)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, n);
  return { secretId: `AKID${alnum(32)}`, secretKey: alnum(32) };
}

const loaded = new WeakMap<object, Promise<TencentCloudSandboxKeys>>();

async function load(db: DbOrTx, config: Env): Promise<TencentCloudSandboxKeys> {
  const stored = await madeOnce<StoredKeys>(db, SECRET_NAME, () => makeKeys());
  const given = config.TENCENTCLOUD_SECRET_ID !== undefined;
  return {
    secretId: given ? config.TENCENTCLOUD_SECRET_ID! : stored.secretId,
    secretKey: given ? config.TENCENTCLOUD_SECRET_KEY! : stored.secretKey,
    sdkAppId: config.TENCENTCLOUD_SMS_SDK_APP_ID ?? SANDBOX_SMS_SDK_APP_ID,
    signName: config.TENCENTCLOUD_SMS_SIGN_NAME ?? SANDBOX_SMS_SIGN_NAME,
    templateId: config.TENCENTCLOUD_SMS_TEMPLATE_ID ?? SANDBOX_SMS_TEMPLATE_ID,
  };
}

/** The sandbox's account for this database, read (or made) once per process. */
export function tencentCloudSandboxKeys(
  db: DbOrTx,
  config: Env = env(),
): Promise<TencentCloudSandboxKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = load(db, config);
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}
