/**
 * The rules of a keeper's own shop and of keepers recruiting keepers: what a shop name, an intro
 * and a 搭配 may hold, who may leave the shop, how an invited keeper is shown and counted, and how
 * a running sale is named on 促销活动. Isomorphic: the islands check with the same functions.
 */
import { ruleLabel, type NpieceRule } from '#lib/catalog/index.ts';
import { RecruitingErrors } from './errors.ts';
import { sanitiseLine } from '#lib/platform/text.ts';
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const SHOP_NAME_MIN = 2;
export const SHOP_NAME_MAX = 20;
export const SHOP_INTRO_MAX = 100;
export const COMPOSE_TITLE_MIN = 2;
export const COMPOSE_TITLE_MAX = 20;
export const COMPOSE_INTRO_MAX = 100;
export const COMPOSE_PRODUCTS_MIN = 2;
export const COMPOSE_PRODUCTS_MAX = 9;
/** How many 搭配 one keeper keeps in one shop. */
export const COMPOSE_SETS_MAX = 20;

/** Characters as a reader counts them (a surrogate pair is one). */
export const charCount = (value: string): number => [...value].length;

export interface ShopInfoInput {
  shopName: string;
  intro: string;
}

/** The shop info as it will be stored, or the refusal. */
export function cleanShopInfo(
  input: ShopInfoInput,
): { ok: true; value: ShopInfoInput } | { ok: false; error: ErrorEntry } {
  const shopName = sanitiseLine(input.shopName);
  const intro = sanitiseLine(input.intro);
  const nameLength = charCount(shopName);
  if (nameLength < SHOP_NAME_MIN || nameLength > SHOP_NAME_MAX)
    return { ok: false, error: RecruitingErrors.SHOP_INFO_NAME_INVALID };
  if (charCount(intro) > SHOP_INTRO_MAX)
    return { ok: false, error: RecruitingErrors.SHOP_INFO_INTRO_TOO_LONG };
  return { ok: true, value: { shopName, intro } };
}

/** A keeper's shop name before they choose one: 「昵称的小店」, cut to fit. */
export function defaultShopName(nickname: string, shopName: string): string {
  const who = sanitiseLine(nickname);
  const name = who ? `${[...who].slice(0, SHOP_NAME_MAX - 3).join('')}的小店` : shopName;
  return [...name].slice(0, SHOP_NAME_MAX).join('');
}

export interface ComposeInput {
  title: string;
  intro: string;
  productNos: string[];
}

/** A 搭配 as it will be stored (products once each, in order), or the refusal. */
export function cleanCompose(
  input: ComposeInput,
): { ok: true; value: ComposeInput } | { ok: false; error: ErrorEntry } {
  const title = sanitiseLine(input.title);
  const intro = sanitiseLine(input.intro);
  const productNos = [...new Set(input.productNos)];
  const titleLength = charCount(title);
  if (titleLength < COMPOSE_TITLE_MIN || titleLength > COMPOSE_TITLE_MAX)
    return { ok: false, error: RecruitingErrors.COMPOSE_TITLE_INVALID };
  if (charCount(intro) > COMPOSE_INTRO_MAX)
    return { ok: false, error: RecruitingErrors.COMPOSE_INTRO_TOO_LONG };
  if (productNos.length < COMPOSE_PRODUCTS_MIN || productNos.length > COMPOSE_PRODUCTS_MAX)
    return { ok: false, error: RecruitingErrors.COMPOSE_PRODUCTS_COUNT };
  return { ok: true, value: { title, intro, productNos } };
}

/** What stops a keeper from leaving the shop, in the order they are told; null when nothing. */
export function unbindRefusal(input: {
  isOwner: boolean;
  balances: { availableCents: number; pendingCents: number; withdrawingCents: number };
  unpaidOrders: number;
}): ErrorEntry | null {
  if (input.isOwner) return RecruitingErrors.UNBIND_OWNER;
  if (input.balances.withdrawingCents > 0) return RecruitingErrors.UNBIND_HAS_WITHDRAWING;
  if (input.balances.availableCents > 0) return RecruitingErrors.UNBIND_HAS_AVAILABLE;
  if (input.balances.pendingCents > 0) return RecruitingErrors.UNBIND_HAS_PENDING;
  if (input.unpaidOrders > 0) return RecruitingErrors.UNBIND_HAS_UNPAID;
  return null;
}

/**
 * 推荐有礼: an invited friend counts as a 有效邀请 once they keep a shop here and have signed the
 * shop-keeper contract. Rewards are shown as these counts; no money moves.
 */
export const INVITE_RULES = [
  '把邀请链接或邀请码分享给好友，好友通过链接申请开店即成为你推荐的店主。',
  '好友开店并签署店主服务协议后，计为 1 次有效邀请。',
  '邀请关系以好友首次开店时的链接为准，之后不可更改。',
  '有效邀请次数用于店铺的推荐活动评比，可在“奖励明细”中查看。',
] as const;

/** An invited keeper's standing as their inviter reads it. */
export type InviteeState = 'valid' | 'unsigned' | 'left' | 'disabled';

export const INVITEE_STATE_TEXT: Record<InviteeState, string> = {
  valid: '有效邀请',
  unsigned: '待签约',
  left: '已解除',
  disabled: '已停用',
};

/** The standing of an invited member: still a keeper, signed, disabled, or gone. */
export function inviteeState(member: {
  level: number | null;
  distributorDisable: boolean;
  signAgreement: boolean;
}): InviteeState {
  if (member.level === null) return 'left';
  if (member.distributorDisable) return 'disabled';
  return member.signAgreement ? 'valid' : 'unsigned';
}

export type PromotionKind = 'brand' | 'seckill' | 'presale' | 'npiece';

/** What a running sale is called on 促销活动: its N件X折 rule, else its kind. */
export function promotionLabel(kind: PromotionKind, rule: NpieceRule | null): string {
  if (kind === 'npiece' && rule) return ruleLabel(rule);
  return { brand: '品牌特卖', seckill: '限时秒杀', presale: '预售', npiece: 'N件X折' }[kind];
}

/** The promotions' order: N件X折 first, then flash sales, presales and brand sales. */
export const PROMOTION_ORDER: Record<PromotionKind, number> = {
  npiece: 0,
  seckill: 1,
  presale: 2,
  brand: 3,
};

/** China Standard Time has no daylight saving: the shop's months start at 16:00 UTC the day before. */
const SHOP_OFFSET_MS = 8 * 3_600_000;

/** The start of the shop's (China time) month holding `now`. */
export function shopMonthStart(now: Date): Date {
  const local = new Date(now.getTime() + SHOP_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - SHOP_OFFSET_MS);
}
