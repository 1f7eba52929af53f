/**
 * The black list calls of hideProduct (shell §7), managers only. The shop is in the path and, for
 * the role check, in the query: both must name the same shop.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { BlacklistEntry, HiddenSalePage } from './blacklist.server.ts';

export const MAX_HIDDEN_PAGE_SIZE = 50;

const managers = { roles: ['M'] } as const;
const entryId = z.coerce
  .number({ error: '记录编号格式不正确' })
  .int('记录编号格式不正确')
  .min(1, '记录编号格式不正确')
  .max(Number.MAX_SAFE_INTEGER, '记录编号格式不正确');

export const BlacklistContracts = {
  /** Hides one of the shop's sales (activityNoStr is one number); hiding it again answers the same row. */
  hide: contract<BlacklistEntry>()({
    method: 'POST',
    path: '/api/commodity/blacklist/hide/{shopBizCode}/{activityNoStr}',
    params: {
      shopBizCode: shopIdSchema,
      activityNoStr: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '活动编号格式不正确'),
    },
    query: { shopBizCode: shopIdSchema },
    body: {},
    access: managers,
    message: '已隐藏',
  }),
  /** The hidden sales, the latest hidden first. */
  pageFrom: contract<HiddenSalePage>()({
    method: 'GET',
    path: '/api/commodity/blacklist/pageFrom/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
    query: {
      shopBizCode: shopIdSchema,
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_HIDDEN_PAGE_SIZE).default(10),
    },
    access: managers,
  }),
  /** Ends a black-list row (its id from pageFrom): the sale shows again. */
  undoHide: contract<BlacklistEntry>()({
    method: 'POST',
    path: '/api/commodity/blacklist/undoHide/{shopBizCode}/{id}',
    params: { shopBizCode: shopIdSchema, id: entryId },
    query: { shopBizCode: shopIdSchema },
    body: {},
    access: managers,
    message: '已取消隐藏',
  }),
  /** How many sales are hidden. */
  size: contract<number>()({
    method: 'GET',
    path: '/api/commodity/blacklist/size/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
    query: { shopBizCode: shopIdSchema },
    access: managers,
  }),
};
