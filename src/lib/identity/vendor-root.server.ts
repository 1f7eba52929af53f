/**
 * The vendors whose APIs live at the root of their hosts (Tencent Cloud, Aliyun): their SDKs
 * take only a host for an endpoint, so in a demo a request to `/` that carries a vendor's action
 * header is answered by that vendor's sandbox (decision 030). Each sandbox registers its header.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';

export type VendorSandbox = (request: Request, db: DbOrTx) => Promise<Response>;

/** Action header (lower case) → the sandbox that answers it, loaded when first asked. */
const SANDBOXES: ReadonlyArray<readonly [string, () => Promise<VendorSandbox>]> = [];

/** The sandbox's answer to a root request carrying a known action header; null for any other. */
export async function answerVendorRoot(request: Request, db: DbOrTx): Promise<Response | null> {
  for (const [header, load] of SANDBOXES) {
    if (request.headers.has(header)) return (await load())(request, db);
  }
  return null;
}
