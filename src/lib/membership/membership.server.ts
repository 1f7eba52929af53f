/**
 * A user's standing in a shop after login: switching roles, the shop-keeper contract, the shop
 * owner's identity, applying to be a shop keeper, and becoming an administrator with the owner's
 * consent. Every change is a conditional write decided here, never a role sent by a client.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { buildLink } from '#lib/platform/links.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { maskPhone } from '#lib/identity/index.ts';
import { MemberRole, needsContract, switchableRoles } from './roles.ts';
import { ADMIN_APPLY_ERRORS, adminApplyRefusal } from './admin-apply.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shopMembers, shops, users } from '#lib/platform/db/schema.ts';
import type { ShopMembership } from '#lib/identity/index.server.ts';
import { consumeCode, issueCode } from '#lib/identity/index.server.ts';
import { ShopStatus } from '#lib/shop/index.ts';
import { bindShopOwner, shopSignature } from '#lib/shop/index.server.ts';
import { acceptAgreements, acceptInForce, pendingAgreements } from '#lib/legal/index.server.ts';

/** A member's standing in a shop: the same fields a session carries for the shop visited. */
export type MemberRow = ShopMembership;

const memberColumns = {
  currentRole: shopMembers.role,
  maxRole: shopMembers.maxRole,
  distributorDisable: shopMembers.distributorDisable,
  level: shopMembers.level,
  administrator: shopMembers.administrator,
  signAgreement: shopMembers.signAgreement,
};

export async function getMember(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
  return row ?? null;
}

async function shopOrThrow(db: DbOrTx, shopId: string) {
  const [shop] = await db
    .select({
      id: shops.id,
      name: shops.name,
      logoUrl: shops.logoUrl,
      ownerUserId: shops.ownerUserId,
      ownerPhone: shops.ownerPhone,
    })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.status, ShopStatus.Open)));
  if (!shop) throw appError(Errors.SHOP_NOT_FOUND);
  return shop;
}

/** switchRole: the member's current role becomes `role` when they hold it; answers the new role. */
export async function switchRole(
  db: DbOrTx,
  input: { shopId: string; userId: number; role: number },
): Promise<{ currentRole: number }> {
  const member = await getMember(db, input.shopId, input.userId);
  if (!member || !switchableRoles(member).includes(input.role)) {
    throw appError(
      input.role === MemberRole.Manager ? Errors.SWITCH_TO_MANAGER : Errors.NO_PERMISSION,
    );
  }
  await db
    .update(shopMembers)
    .set({ role: input.role })
    .where(and(eq(shopMembers.shopId, input.shopId), eq(shopMembers.userId, input.userId)));
  return { currentRole: input.role };
}

/** The legal contract check's answer (shell §3). */
export interface ContractState {
  currentRole: number;
  maxRole: number;
  signAgreement: boolean;
  /** Whether to ask for the contract now. */
  needSign: boolean;
}

/** A keeper or manager of the shop: who signs the keeper service agreement (shell §6). */
function isKeeper(member: MemberRow | null): member is MemberRow {
  return member !== null && needsContract({ ...member, signAgreement: false });
}

/**
 * Legal contract state (shell §3): currentRole, maxRole, signAgreement, and whether to ask now:
 * a keeper or manager who has not accepted the keeper service agreement in force (a new version
 * asks again; legal/agreements.server.ts).
 */
export async function contractState(
  db: DbOrTx,
  shopId: string,
  userId: number,
  now = new Date(),
): Promise<ContractState> {
  const member = await getMember(db, shopId, userId);
  const needSign =
    isKeeper(member) &&
    (
      await pendingAgreements(
        db,
        { shopId, userId, keeper: true, signedContract: member.signAgreement },
        now,
      )
    ).some((pending) => pending.type === 'shopKeeperProtocol');
  return {
    currentRole: member?.currentRole ?? MemberRole.Consumer,
    maxRole: member?.maxRole ?? MemberRole.Consumer,
    signAgreement: member?.signAgreement ?? false,
    needSign,
  };
}

/** Where a signature comes from, and the version the dialog showed (else the one in force). */
export interface Signing {
  clientIp: string | null;
  userAgent: string | null;
  shown?: { version: number; textHash: string } | undefined;
  now?: Date;
}

/**
 * The member signs the shop-keeper contract: sign_agreement set and the acceptance of the keeper
 * service agreement recorded (the version shown, refused when no longer in force), in one
 * transaction; signing twice records nothing new.
 */
export async function signContract(
  db: DbOrTx,
  shopId: string,
  userId: number,
  signing: Signing = { clientIp: null, userAgent: null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(shopMembers)
      .set({ signAgreement: true })
      .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)))
      .returning({ userId: shopMembers.userId });
    if (rows.length === 0) throw appError(Errors.NO_PERMISSION);
    const context = {
      shopId,
      userId,
      clientIp: signing.clientIp,
      userAgent: signing.userAgent,
      via: 'contract' as const,
      now: signing.now,
    };
    if (signing.shown) {
      await acceptAgreements(tx, context, [{ type: 'shopKeeperProtocol', ...signing.shown }]);
    } else {
      await acceptInForce(tx, context, ['shopKeeperProtocol']);
    }
  });
}

async function userPhone(db: DbOrTx, userId: number): Promise<string | null> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return user?.phone ?? null;
}

/** The owner identity check's answer. */
export interface OwnerIdentity {
  needBind: boolean;
  shopName: string;
  /** The user's phone, masked; only when needBind. */
  phone: string | null;
}

/**
 * The owner identity prompt (shell §4): shown when the logged-in user's phone is the one the shop
 * was opened with and the shop does not yet count them as its owner.
 */
export async function ownerIdentity(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<OwnerIdentity> {
  const [shop, phone] = await Promise.all([shopOrThrow(db, shopId), userPhone(db, userId)]);
  const needBind = phone !== null && shop.ownerPhone === phone && shop.ownerUserId !== userId;
  return { needBind, shopName: shop.name, phone: needBind && phone ? maskPhone(phone) : null };
}

/** Binds the owner identity: the shop's owner becomes this user, a shop keeper with a wallet. */
export async function bindOwnerIdentity(db: DbOrTx, shopId: string, userId: number): Promise<void> {
  await shopOrThrow(db, shopId);
  await db.transaction(async (tx) => {
    if (!(await bindShopOwner(tx, shopId, userId))) throw appError(Errors.NOT_SHOP_OWNER);
    await becomeShopKeeper(tx, shopId, userId, { signAgreement: null });
  });
}

/**
 * Makes the user a shop keeper (distributor, role 3) of the shop, keeping any higher standing:
 * a manager stays able to manage, an existing level is kept.
 */
async function becomeShopKeeper(
  db: DbOrTx,
  shopId: string,
  userId: number,
  options: { signAgreement: boolean | null; invitedBy?: number | null; applied?: boolean },
): Promise<void> {
  // An application (申请开店) is remembered for lastApplyShopLink; the owner's binding is none.
  const applied = options.applied ? { appliedAt: sql`now()` } : {};
  await db
    .insert(shopMembers)
    .values({
      shopId,
      userId,
      role: MemberRole.Distributor,
      maxRole: MemberRole.Distributor,
      level: 1,
      signAgreement: options.signAgreement ?? false,
      invitedBy: options.invitedBy ?? null,
      ...applied,
    })
    .onConflictDoUpdate({
      target: [shopMembers.shopId, shopMembers.userId],
      set: {
        ...applied,
        role: MemberRole.Distributor,
        maxRole: sql`(case when ${shopMembers.maxRole} = ${MemberRole.Manager} then ${MemberRole.Manager} else ${MemberRole.Distributor} end)::smallint`,
        level: sql`coalesce(${shopMembers.level}, 1)`,
        distributorDisable: false,
        // A member who signed in before applying keeps their row: the inviter is credited now,
        // unless someone was already.
        invitedBy: sql`coalesce(${shopMembers.invitedBy}, excluded.invited_by)`,
      },
    });
}

export type RegisterChannel = 'normal' | 'school' | 'tw';

/** register checkUser's answer. */
export interface RegistrationState {
  /** Whether the user already keeps a shop here. */
  registered: boolean;
  distributorDisable: boolean;
  currentRole: number;
}

/** register checkUser: whether the user already keeps a shop here. */
export async function registrationState(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<RegistrationState> {
  const member = await getMember(db, shopId, userId);
  const registered =
    member !== null &&
    member.level !== null &&
    (member.maxRole === MemberRole.Distributor || member.maxRole === MemberRole.Manager);
  return {
    registered,
    distributorDisable: member?.distributorDisable ?? false,
    currentRole: member?.currentRole ?? MemberRole.Consumer,
  };
}

/**
 * Shop-keeper application (register, registerSchool, register/tw): the user becomes a shop keeper
 * of this shop, credited to the distributor who invited them when that is one of the shop's; the
 * contract is asked for next (signAgreement false). A disabled shop keeper cannot re-apply.
 */
export async function registerShopKeeper(
  db: DbOrTx,
  input: { shopId: string; userId: number; channel: RegisterChannel; inviterId?: number | null },
): Promise<{ currentRole: number }> {
  await shopOrThrow(db, input.shopId);
  const state = await registrationState(db, input.shopId, input.userId);
  if (state.distributorDisable) throw appError(Errors.KEEPER_DISABLED);
  if (state.registered) throw appError(Errors.ALREADY_KEEPER);
  const inviter =
    input.inviterId && input.inviterId !== input.userId
      ? await getMember(db, input.shopId, input.inviterId)
      : null;
  const invitedBy =
    inviter && inviter.level !== null && !inviter.distributorDisable ? input.inviterId! : null;
  await db.transaction((tx) =>
    becomeShopKeeper(tx, input.shopId, input.userId, {
      signAgreement: false,
      invitedBy,
      applied: true,
    }),
  );
  return { currentRole: MemberRole.Distributor };
}

/** The shop of the user's latest 申请开店 and where that application stands. */
export interface LastApply {
  shopId: string;
  shopName: string;
  /** 注册进度 of that shop (registerAgentProcess). */
  link: string;
  appliedAt: string;
}

/**
 * lastApplyShopLink: the shop the user last applied to keep (in any shop of the platform), with
 * the link to where that application stands; null for one who never applied. A keeper who has
 * since been unbound or disabled is answered the same: the page there says so.
 */
export async function lastApplyShopLink(db: DbOrTx, userId: number): Promise<LastApply | null> {
  const [row] = await db
    .select({ shopId: shopMembers.shopId, shopName: shops.name, appliedAt: shopMembers.appliedAt })
    .from(shopMembers)
    .innerJoin(shops, eq(shops.id, shopMembers.shopId))
    .where(and(eq(shopMembers.userId, userId), isNotNull(shopMembers.appliedAt)))
    .orderBy(desc(shopMembers.appliedAt))
    .limit(1);
  if (!row?.appliedAt) return null;
  const link = buildLink(
    { name: 'registerAgentProcess', query: { shopId: row.shopId } },
    { query: new URLSearchParams(), defaultShopId: row.shopId },
  );
  return {
    shopId: row.shopId,
    shopName: row.shopName,
    link,
    appliedAt: row.appliedAt.toISOString(),
  };
}

/** What the administrator application shows: the shop, its owner (masked), the user's standing. */
export interface AdminBindInfo {
  shopName: string;
  shopLogoUrl: string;
  hasOwner: boolean;
  /** The owner's; empty strings without an owner. */
  ownerNickname: string;
  /** Masked. */
  ownerPhone: string;
  ownerAvatarUrl: string;
  administrator: boolean;
  isOwner: boolean;
}

/** What the administrator application shows: the shop, its owner (masked), the user's standing. */
export async function adminBindInfo(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<AdminBindInfo> {
  const [shop, member] = await Promise.all([
    shopOrThrow(db, shopId),
    getMember(db, shopId, userId),
  ]);
  const owner = shop.ownerUserId
    ? (
        await db
          .select({ nickname: users.nickname, phone: users.phone, avatarUrl: users.avatarUrl })
          .from(users)
          .where(eq(users.id, shop.ownerUserId))
      )[0]
    : undefined;
  return {
    shopName: shop.name,
    shopLogoUrl: shop.logoUrl ?? '',
    hasOwner: owner !== undefined,
    ownerNickname: owner?.nickname ?? '',
    ownerPhone: owner?.phone ? maskPhone(owner.phone) : '',
    ownerAvatarUrl: owner?.avatarUrl ?? '',
    administrator: member?.administrator ?? false,
    isOwner: shop.ownerUserId === userId,
  };
}

/** Refuses a user who may not apply to administer the shop (adminApplyRefusal), either way. */
export async function requireAdminApplicant(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<void> {
  const refusal = adminApplyRefusal(await adminBindInfo(db, shopId, userId));
  if (refusal) {
    throw appError(ADMIN_APPLY_ERRORS[refusal]);
  }
}

async function ownerPhoneOf(db: DbOrTx, shopId: string): Promise<string> {
  const [row] = await db
    .select({ phone: users.phone })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerUserId))
    .where(eq(shops.id, shopId));
  if (!row?.phone) throw appError(Errors.SHOP_HAS_NO_OWNER);
  return row.phone;
}

/** A code the owner passes on authorises this applicant in this shop, nobody and nowhere else. */
function adminCodePurpose(shopId: string, userId: number) {
  return `admin:${shopId}:${userId}` as const;
}

/** Sends the owner a code that authorises this user as administrator (limits of the SMS service). */
export async function sendAdminCode(
  db: DbOrTx,
  input: { shopId: string; userId: number; clientIp: string | null },
): Promise<{ ownerPhone: string }> {
  await requireAdminApplicant(db, input.shopId, input.userId);
  const phone = await ownerPhoneOf(db, input.shopId);
  await issueCode(db, {
    phone,
    purpose: adminCodePurpose(input.shopId, input.userId),
    clientIp: input.clientIp,
    signature: await shopSignature(db, input.shopId),
  });
  return { ownerPhone: maskPhone(phone) };
}

/**
 * Binds the user as administrator with the code the owner received: administrator, manager role
 * now (maxRole 4 unless they are customer service).
 */
export async function bindAdminWithCode(
  db: DbOrTx,
  input: { shopId: string; userId: number; code: string; clientIp: string | null },
): Promise<{ currentRole: number }> {
  const phone = await ownerPhoneOf(db, input.shopId);
  const purpose = adminCodePurpose(input.shopId, input.userId);
  if (!(await consumeCode(db, { phone, code: input.code, purpose, clientIp: input.clientIp }))) {
    throw appError(Errors.SMS_CODE_INVALID);
  }
  return makeAdministrator(db, input.shopId, input.userId);
}

/**
 * Makes the user administrator of the shop once the owner has consented (by SMS code or QR
 * grant): administrator, manager role now, maxRole 4 unless they are customer service.
 */
export async function makeAdministrator(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<{ currentRole: number }> {
  await db
    .insert(shopMembers)
    .values({
      shopId,
      userId,
      role: MemberRole.Manager,
      maxRole: MemberRole.Manager,
      administrator: true,
    })
    .onConflictDoUpdate({
      target: [shopMembers.shopId, shopMembers.userId],
      set: {
        role: MemberRole.Manager,
        maxRole: sql`(case when ${shopMembers.maxRole} = ${MemberRole.CustomerService} then ${MemberRole.CustomerService} else ${MemberRole.Manager} end)::smallint`,
        administrator: true,
      },
    });
  return { currentRole: MemberRole.Manager };
}

/** A member of the shop as a consumer, for a user signing in there; an existing member is kept. */
export async function joinShop(tx: DbOrTx, shopId: string, userId: number): Promise<void> {
  await tx
    .insert(shopMembers)
    .values({ shopId, userId, role: MemberRole.Consumer, maxRole: MemberRole.Consumer })
    .onConflictDoNothing();
}

/**
 * A keeper unbound from the shop becomes a consumer again, without level; a manager keeps the
 * right to manage.
 */
export async function dropKeeper(tx: DbOrTx, shopId: string, userId: number): Promise<void> {
  await tx
    .update(shopMembers)
    .set({
      role: MemberRole.Consumer,
      maxRole: sql`(case when ${shopMembers.maxRole} = ${MemberRole.Manager} then ${MemberRole.Manager} else ${MemberRole.Consumer} end)::smallint`,
      level: null,
    })
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
}
