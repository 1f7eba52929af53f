/**
 * The home page's one read: the shop's home (the draft for the manager's 预览), and whether the
 * skin popup opens (for an administrator while the skin switch is on, never over a preview).
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { getHome } from './home.server.ts';
import { featureEnabled, SKIN_FEATURE_CODE } from '../skin-popup.server.ts';

export async function readHomePage(
  db: DbOrTx,
  input: {
    shopId: string;
    tag: string | undefined;
    page: number;
    preview: boolean;
    administrator: boolean;
    /** What the home shows is read once per content version (getHome). */
    contentVersion: number;
  },
) {
  // getHome keeps the page within the pages there are.
  const home = await getHome(db, input.shopId, {
    tagNo: input.tag,
    page: input.page,
    preview: input.preview,
    contentVersion: input.contentVersion,
  });
  const skinPopup =
    !input.preview &&
    input.administrator &&
    (await featureEnabled(db, input.shopId, SKIN_FEATURE_CODE));
  return { home, preview: input.preview, skinPopup };
}
