/** The config map of shell §3, read by every page's shell (sysAlert, secureNotice, ...). */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { configEntries } from '#lib/platform/db/schema.ts';

export type ConfigMap = Record<string, unknown>;

export async function getConfigMap(db: DbOrTx): Promise<ConfigMap> {
  const rows = await db.select().from(configEntries);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
