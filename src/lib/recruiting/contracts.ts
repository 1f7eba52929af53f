/**
 * The keeper's own shop and keepers recruiting keepers (shell §7 "Other shared helpers"): the
 * fission banner, reward count and list, my distributors, distributor shop info get and update,
 * the white list status, the unbinding calls, and 搭配 (the keeper's sets; one set's public view).
 * The specification names these calls without paths; they live beside the distributor calls.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { LOGIN_CODE } from '#lib/identity/index.ts';
import { IdentityErrors } from '#lib/identity/index.ts';
import type {
  FissionBanner,
  InviteCounts,
  InvitedPage,
  WhiteListStatus,
} from './invitations.server.ts';
import type { KeeperShopInfo } from './shop-info.server.ts';
import type { UnbindSwitch } from './unbinding.server.ts';
import type { ComposeSummary, ComposeView } from './compose.server.ts';
import {
  COMPOSE_INTRO_MAX,
  COMPOSE_PRODUCTS_MAX,
  COMPOSE_TITLE_MAX,
  SHOP_INTRO_MAX,
  SHOP_NAME_MAX,
} from './rules.ts';

const shopQuery = { shopBizCode: shopIdSchema };
const keeper = { roles: ['D'] } as const;
export const INVITED_PAGE_SIZE = 20;
const pageQuery = {
  ...shopQuery,
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(INVITED_PAGE_SIZE),
};
const composeId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Raw text before cleaning: bounded generously (emoji take room), cleaned and measured by rules.ts. */
const rawText = (max: number) => z.string().max(max * 4);
const productNo = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, '商品编号格式不正确');

export const RecruitingContracts = {
  /** The fission banner of the keeper's pages: 邀请好友开店 with their count. */
  fissionBanner: contract<FissionBanner>()({
    method: 'GET',
    path: '/api/member/xdwxh5/fission/banner',
    query: shopQuery,
    access: keeper,
  }),
  /** The reward count: everyone invited, 有效邀请, 有效邀请 this month. */
  rewardCount: contract<InviteCounts>()({
    method: 'GET',
    path: '/api/member/xdwxh5/fission/reward/count',
    query: shopQuery,
    access: keeper,
  }),
  /** The reward list: the 有效邀请, newest first, masked. */
  rewardList: contract<InvitedPage>()({
    method: 'GET',
    path: '/api/member/xdwxh5/fission/reward/list',
    query: pageQuery,
    access: keeper,
  }),
  /** My distributors: the keepers the caller invited, with their standing, masked. */
  myDistributors: contract<InvitedPage>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/myDistributors',
    query: pageQuery,
    access: keeper,
  }),
  /** The white list of inviting keepers: whether the caller may invite friends to keep a shop. */
  whiteListStatus: contract<WhiteListStatus>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/whiteList/status',
    query: shopQuery,
    access: keeper,
  }),
  /** The caller's shop as they present it: name, intro, avatar, invitation code. */
  shopInfo: contract<KeeperShopInfo>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/shopInfo',
    query: shopQuery,
    access: keeper,
  }),
  shopInfoUpdate: contract<KeeperShopInfo>()({
    method: 'POST',
    path: '/api/member/xdwxh5/distributor/shopInfo/update',
    query: shopQuery,
    body: { shopName: rawText(SHOP_NAME_MAX), intro: rawText(SHOP_INTRO_MAX).default('') },
    access: keeper,
    message: '店铺信息已保存',
  }),
  /** The unbind switch: whether the caller may leave the shop now, and why not. */
  unbindSwitch: contract<UnbindSwitch>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/unbind/switch',
    query: shopQuery,
    access: keeper,
  }),
  /** The shop manager's phone (masked), to ask before leaving. */
  shopManagerPhone: contract<{ nickname: string; phone: string }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/unbind/shopManagerPhone',
    query: shopQuery,
    access: keeper,
  }),
  /** Sends the unbinding code to the caller's own phone. */
  unbindCode: contract<{ phone: string }>()({
    method: 'POST',
    path: '/api/member/xdwxh5/distributor/unbind/sms',
    query: shopQuery,
    body: {},
    access: keeper,
    message: '验证码已发送，请查收',
  }),
  /** Unbinds the caller (the distributor) from the shop with the code. */
  unbind: contract<{ currentRole: number }>()({
    method: 'POST',
    path: '/api/member/xdwxh5/distributor/unbind',
    query: shopQuery,
    body: {
      verifyCode: z.string().regex(LOGIN_CODE, IdentityErrors.SMS_CODE_FORMAT.message),
    },
    access: keeper,
    message: '已解除店主绑定',
  }),
  /** The caller's 搭配 in the shop. */
  composeList: contract<ComposeSummary[]>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/compose/list',
    query: shopQuery,
    access: keeper,
  }),
  /** Creates a 搭配, or changes one of the caller's (composeId). */
  composeSave: contract<ComposeSummary>()({
    method: 'POST',
    path: '/api/member/xdwxh5/distributor/compose/save',
    query: shopQuery,
    body: {
      composeId: composeId.optional(),
      title: rawText(COMPOSE_TITLE_MAX),
      intro: rawText(COMPOSE_INTRO_MAX).default(''),
      productNos: z
        .array(productNo)
        .min(1)
        .max(COMPOSE_PRODUCTS_MAX * 2),
    },
    access: keeper,
    message: '搭配已保存',
  }),
  composeDelete: contract<{ composeId: number }>()({
    method: 'POST',
    path: '/api/member/xdwxh5/distributor/compose/delete/{composeId}',
    params: { composeId },
    query: shopQuery,
    body: {},
    access: keeper,
    message: '搭配已删除',
  }),
  /** 搭配购: one set as anyone sees it, priced now. */
  compose: contract<ComposeView>()({
    method: 'GET',
    path: '/api/commodity/compose/{composeId}',
    params: { composeId },
    query: shopQuery,
  }),
};
