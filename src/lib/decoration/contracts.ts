/**
 * The decoration's endpoint contracts: the manager's draft, saving and publishing it, a banner
 * picture's upload (role M in the shop of shopBizCode), and getShopDecorations (shell §7), the
 * published layout anyone may read.
 */
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { homeLayoutShape } from './decoration.ts';
import type { DecorationState, ShopDecorations } from './decoration.server.ts';

export const DecorationContracts = {
  /** The published layout (the home as it has always been until a manager publishes). */
  shopDecorations: contract<ShopDecorations>()({
    method: 'GET',
    path: '/api/shop/getShopDecorations/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
  }),
  /** The manager's draft and when the layout was last published. */
  draft: contract<DecorationState>()({
    method: 'GET',
    path: '/api/shop/decoration/draft',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['M'] },
  }),
  /** Saves the draft; shoppers see nothing of it until it is published. */
  saveDraft: contract<DecorationState>()({
    method: 'POST',
    path: '/api/shop/decoration/saveDraft',
    query: { shopBizCode: shopIdSchema },
    body: homeLayoutShape,
    access: { roles: ['M'] },
    message: '草稿已保存',
  }),
  /** Publishes the saved draft: the home shows it at once. */
  publish: contract<DecorationState>()({
    method: 'POST',
    path: '/api/shop/decoration/publish',
    query: { shopBizCode: shopIdSchema },
    body: {},
    access: { roles: ['M'] },
    message: '发布成功',
  }),
  /**
   * A banner picture: the raw image bytes (JPEG, PNG or WebP, at most 5 MB), answered as its URL.
   * Role M is checked by the endpoint once the body is read (as every upload): a refused client
   * gets the answer instead of a reset connection.
   */
  uploadBanner: contract<{ imageUrl: string }>()({
    method: 'POST',
    path: '/api/shop/decoration/uploadBanner',
    query: { shopBizCode: shopIdSchema },
    body: 'binary',
    access: 'signed-in',
  }),
};
