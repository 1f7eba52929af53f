/**
 * Keepers recruiting keepers: the keepers a keeper invited (`shop_members.invited_by`, set when
 * an invited friend applies to keep a shop through their link), counted and listed masked; the
 * white list of keepers who may invite; the fission banner. Rewards are these counts: no money.
 */
import { and, count, desc, eq, exists, gte, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { keeperUnbindings, shopMembers, users } from '#lib/platform/db/schema.ts';
import { maskBuyer } from '#lib/orders/index.ts';
import { requireKeeper } from './keeper.server.ts';
import { keeperShopCard, type KeeperShopInfo } from './shop-info.server.ts';
import { roleLetter } from '#lib/membership/index.ts';
import { INVITEE_STATE_TEXT, inviteeState, shopMonthStart, type InviteeState } from './rules.ts';

export interface InvitedKeeper {
  /** Masked: the nickname's first character and **, else the masked phone. */
  name: string;
  avatarUrl: string | null;
  joinedAt: Date;
  state: InviteeState;
  stateText: string;
}

export interface InvitedPage {
  total: number;
  list: InvitedKeeper[];
}

/**
 * A member the keeper recruited: `invited_by` also names the distributor whose link brought a
 * customer in, so only those who keep a shop here, or kept one and left, count as recruits.
 */
const recruitOf = (shopId: string, userId: number) =>
  and(
    eq(shopMembers.shopId, shopId),
    eq(shopMembers.invitedBy, userId),
    or(
      isNotNull(shopMembers.level),
      exists(
        sql`(select 1 from ${keeperUnbindings} where ${keeperUnbindings.shopId} = ${shopMembers.shopId} and ${keeperUnbindings.userId} = ${shopMembers.userId})`,
      ),
    ),
  )!;

/** A 有效邀请: still keeping a shop here, not disabled, the contract signed. */
const validInvitee = and(
  isNotNull(shopMembers.level),
  eq(shopMembers.distributorDisable, false),
  eq(shopMembers.signAgreement, true),
)!;

/**
 * The members the keeper invited, newest first (my distributors, 推荐记录); with `validOnly`, the
 * 有效邀请 only (the reward list, 奖励明细). Keepers only.
 */
export async function invitedKeepers(
  db: DbOrTx,
  shopId: string,
  userId: number,
  page: { pageNum: number; pageSize: number; validOnly?: boolean },
): Promise<InvitedPage> {
  await requireKeeper(db, shopId, userId);
  const where = and(recruitOf(shopId, userId), page.validOnly ? validInvitee : undefined);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(shopMembers).where(where),
    db
      .select({
        nickname: users.nickname,
        phone: users.phone,
        avatarUrl: users.avatarUrl,
        joinedAt: shopMembers.createdAt,
        level: shopMembers.level,
        distributorDisable: shopMembers.distributorDisable,
        signAgreement: shopMembers.signAgreement,
      })
      .from(shopMembers)
      .innerJoin(users, eq(users.id, shopMembers.userId))
      .where(where)
      .orderBy(desc(shopMembers.createdAt), desc(shopMembers.userId))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
  ]);
  return {
    total: total?.n ?? 0,
    list: rows.map((row) => {
      const state = inviteeState(row);
      return {
        name: maskBuyer(row),
        avatarUrl: row.avatarUrl,
        joinedAt: row.joinedAt,
        state,
        stateText: INVITEE_STATE_TEXT[state],
      };
    }),
  };
}

export interface InviteCounts {
  /** Everyone who applied through the keeper's link. */
  invited: number;
  /** 有效邀请. */
  valid: number;
  /** 有效邀请 who joined this month (China time). */
  validThisMonth: number;
}

/** The reward count: the keeper's invitations; keepers only. */
export async function inviteCounts(
  db: DbOrTx,
  shopId: string,
  userId: number,
  now = new Date(),
): Promise<InviteCounts> {
  await requireKeeper(db, shopId, userId);
  const monthStart = shopMonthStart(now);
  const [row] = await db
    .select({
      invited: count(),
      valid: sql<number>`count(*) filter (where ${validInvitee})`.mapWith(Number),
      validThisMonth:
        sql<number>`count(*) filter (where ${and(validInvitee, gte(shopMembers.createdAt, monthStart))})`.mapWith(
          Number,
        ),
    })
    .from(shopMembers)
    .where(recruitOf(shopId, userId));
  return {
    invited: row?.invited ?? 0,
    valid: row?.valid ?? 0,
    validThisMonth: row?.validThisMonth ?? 0,
  };
}

export interface WhiteListStatus {
  /** Whether the keeper may invite friends to keep a shop here. */
  inWhiteList: boolean;
  /** Why not, in words; null when on the list. */
  reason: string | null;
}

/**
 * The white list of inviting keepers: a keeper of the shop who has signed the shop-keeper
 * contract (an application credited to anyone else would not count). Keepers only.
 */
export async function whiteListStatus(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<WhiteListStatus> {
  const keeper = await requireKeeper(db, shopId, userId);
  return keeper.signAgreement || keeper.isOwner
    ? { inWhiteList: true, reason: null }
    : { inWhiteList: false, reason: '签署店主服务协议后即可邀请好友开店' };
}

export interface FissionBanner {
  title: string;
  subtitle: string;
  /** Where the banner leads: the invitation page. */
  route: 'invitation';
}

/** The fission banner of the keeper's pages (邀请好友开店), with their count; keepers only. */
export async function fissionBanner(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<FissionBanner> {
  const counts = await inviteCounts(db, shopId, userId);
  return {
    title: '邀请好友开店',
    subtitle:
      counts.invited > 0
        ? `已有 ${counts.invited} 位好友通过你开店，其中有效邀请 ${counts.valid} 位`
        : '分享邀请链接，好友开店后计为你的推荐',
    route: 'invitation',
  };
}

export interface ShopRecruit {
  name: string;
  avatarUrl: string | null;
  joinedAt: Date;
}

/**
 * 推荐店主列表 (open): the newest keepers of the shop, masked, as the landing's social proof; with
 * an inviter, the keepers that inviter brought in.
 */
export async function recentKeepers(
  db: DbOrTx,
  shopId: string,
  options: { inviterId?: number | null; limit: number },
): Promise<ShopRecruit[]> {
  const rows = await db
    .select({
      nickname: users.nickname,
      phone: users.phone,
      avatarUrl: users.avatarUrl,
      joinedAt: shopMembers.createdAt,
    })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(
      and(
        eq(shopMembers.shopId, shopId),
        isNotNull(shopMembers.level),
        eq(shopMembers.distributorDisable, false),
        options.inviterId ? eq(shopMembers.invitedBy, options.inviterId) : undefined,
      ),
    )
    .orderBy(desc(shopMembers.createdAt), desc(shopMembers.userId))
    .limit(options.limit);
  return rows.map((row) => ({
    name: maskBuyer(row),
    avatarUrl: row.avatarUrl,
    joinedAt: row.joinedAt,
  }));
}

/**
 * The inviter a shared landing names (its distributorId): their shop card while they keep a shop
 * here, else null (a stranger's number shows nobody).
 */
export async function inviterCard(
  db: DbOrTx,
  shopId: string,
  distributorId: number,
): Promise<(KeeperShopInfo & { userId: number }) | null> {
  const [row] = await db
    .select({
      nickname: users.nickname,
      avatarUrl: users.avatarUrl,
      currentRole: shopMembers.role,
      distributorDisable: shopMembers.distributorDisable,
      level: shopMembers.level,
    })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, distributorId)));
  if (!row || row.level === null || roleLetter(row) !== 'D') return null;
  const card = await keeperShopCard(db, shopId, { userId: distributorId, ...row });
  return { ...card, userId: distributorId };
}
