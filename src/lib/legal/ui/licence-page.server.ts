/** The reads of the licence pages: the public one and the owner's form. */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { ownsShop, readLicence } from '#lib/legal/index.server.ts';
import type { LicenceInput, LicenceView } from '#lib/legal/index.ts';
import { shopDay } from '#lib/platform/time.ts';

export interface LicencePage {
  licence: LicenceView | null;
  owner: boolean;
}

/** businessLicense: the licence, and whether the viewer (when signed in) owns the shop. */
export async function readLicencePage(
  db: DbOrTx,
  shopId: string,
  userId: number | undefined,
): Promise<LicencePage> {
  const [licence, owner] = await Promise.all([
    readLicence(db, shopId),
    userId === undefined ? Promise.resolve(false) : ownsShop(db, shopId, userId),
  ]);
  return { licence, owner };
}

export interface LicenceSetting {
  licence: LicenceInput | null;
  pictureUrl: string | null;
  today: string;
}

/** license-setting: the licence as the owner edits it; null for anybody but the owner. */
export async function readLicenceSetting(
  db: DbOrTx,
  shopId: string,
  userId: number,
  now = new Date(),
): Promise<LicenceSetting | null> {
  if (!(await ownsShop(db, shopId, userId))) return null;
  const licence = await readLicence(db, shopId);
  return {
    licence: licence ? { ...licence.facts, termEnd: licence.facts.termEnd ?? '' } : null,
    pictureUrl: licence?.pictureUrl ?? null,
    today: shopDay(now),
  };
}
