/** The guide tag calls (shell §7 "Tags"): which tags a user has seen, and saving one as seen. */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { GUIDE_TAGS, type GuideTag } from './tags.ts';

const tagName = z.enum(GUIDE_TAGS, { error: '未知的引导标签' });
/** The user type the shop sees (3: a shop keeper with a level); guides are kept per user. */
const userType = z.coerce.number().int().min(1).max(5).optional();

export const GuideContracts = {
  exist: contract<{ name: GuideTag; exist: boolean }[]>()({
    method: 'POST',
    path: '/api/member/xdwxh5/member/tag/exist',
    query: { shopBizCode: shopIdSchema },
    body: { tagNames: z.array(tagName).min(1).max(GUIDE_TAGS.length), userType },
    access: 'signed-in',
  }),
  /** Whether the user has seen one tag (the coupon pages ask it of a single tag). */
  status: contract<{ name: GuideTag; exist: boolean }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/member/tag/{tag}/status',
    params: { tag: tagName },
    query: { shopBizCode: shopIdSchema },
    access: 'signed-in',
  }),
  /** The user saw the guide. */
  seen: contract<true>()({
    method: 'POST',
    path: '/api/member/xdwxh5/member/tag/{tagName}',
    params: { tagName },
    query: { shopBizCode: shopIdSchema, userType },
    body: {},
    access: 'signed-in',
  }),
  /** A shop keeper saw one of the shop keeper's guides (withdraw, promotion orders). */
  distributorSeen: contract<true>()({
    method: 'POST',
    path: '/api/member/xdwxh5/member/tag/distributor/{tagName}',
    params: { tagName },
    query: { shopBizCode: shopIdSchema },
    body: {},
    access: { roles: ['D'] },
  }),
};
