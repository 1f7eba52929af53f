/**
 * Membership's endpoint contracts (shell §3, §7): roles, the legal contract, shop keeper
 * applications, the owner identity and the administrator application. Every one needs a signed-in
 * caller. Each data type is the one its endpoint answers, the service's own where it has one.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { Messages } from '#lib/platform/errors.ts';
import { rowIdSchema, shopIdSchema } from '#lib/platform/id-schemas.ts';
import { LOGIN_CODE } from '#lib/identity/index.ts';
import { IdentityErrors } from '#lib/identity/index.ts';
import { USER_VERIFY_CODE } from './admin-grant.ts';
import { MembershipErrors } from './errors.ts';
import { memberRoles, type MemberRole } from './roles.ts';
import type { UserInfo } from './member.server.ts';
import type {
  AdminBindInfo,
  ContractState,
  LastApply,
  OwnerIdentity,
  RegistrationState,
} from './membership.server.ts';

/** The answer of the calls that change the caller's role in the shop. */
export interface RoleAnswer {
  currentRole: number;
}

/** The administrator application's one-time grant, as the QR code of the owner's link. */
export interface AdminGrantQr {
  qrSvg: string;
  url: string;
  expiresAt: string;
}

/** The shop owner as the administrator application shows them (adminBindInfo's owner part). */
export interface ShopOwnerAnswer {
  hasOwner: boolean;
  nickname: string;
  /** Masked. */
  phone: string;
  avatarUrl: string;
  isOwner: boolean;
}

const shopQuery = { shopBizCode: shopIdSchema };

/** The roles switchRole grants (when held): every member role, as the query spells it. */
const SWITCH_ROLES = memberRoles.map(String) as [`${MemberRole}`, ...`${MemberRole}`[]];
export type SwitchRole = (typeof SWITCH_ROLES)[number];

export const MembershipContracts = {
  userInfo: contract<UserInfo>()({
    method: 'GET',
    path: '/api/member/xdwxh5/member/userInfo',
    access: 'signed-in',
  }),
  /** A GET of the specification although it changes the role. Only a role the member holds. */
  switchRole: contract<RoleAnswer>()({
    method: 'GET',
    path: '/api/member/xdwxh5/admin/switchRole',
    query: { ...shopQuery, role: z.enum(SWITCH_ROLES).transform(Number) },
    access: 'signed-in',
    refuseCrossSite: true,
  }),
  contractCheck: contract<ContractState>()({
    method: 'GET',
    path: '/api/member/xdwxh5/legal/contract/check',
    query: shopQuery,
    access: 'signed-in',
  }),
  /** Signs the keeper service agreement: the version the dialog showed, else the one in force. */
  contractSign: contract<true>()({
    method: 'POST',
    path: '/api/member/xdwxh5/legal/contract/sign',
    query: shopQuery,
    body: {
      version: z.number().int().min(1).max(100_000).optional(),
      textHash: z
        .string()
        .regex(/^[0-9a-f]{64}$/, '协议摘要不正确')
        .optional(),
    },
    access: 'signed-in',
    message: Messages.CONTRACT_SIGNED,
  }),
  /** The shop of the caller's latest 申请开店 and its 注册进度 link; null when they never applied. */
  lastApplyShopLink: contract<LastApply | null>()({
    method: 'GET',
    path: '/api/member/xdwxh5/lastApplyShopLink',
    access: 'signed-in',
  }),
  registrationState: contract<RegistrationState>()({
    method: 'GET',
    path: '/api/member/xdwxh5/register/checkUser',
    query: shopQuery,
    access: 'signed-in',
  }),
  /** The shop keeper application; the inviter is the distributorId of the page. */
  register: contract<RoleAnswer>()({
    method: 'POST',
    path: '/api/member/xdwxh5/register/{shopId}',
    params: { shopId: shopIdSchema },
    body: {},
    access: 'signed-in',
    message: Messages.REGISTERED,
  }),
  /** The same application, arriving from the business school. */
  registerSchool: contract<RoleAnswer>()({
    method: 'POST',
    path: '/api/member/xdwxh5/registerSchool/{shopId}',
    params: { shopId: shopIdSchema },
    body: {},
    access: 'signed-in',
    message: Messages.REGISTERED,
  }),
  /** The application with an invitation code: the inviting shop keeper's member number. */
  registerInvited: contract<RoleAnswer>()({
    method: 'POST',
    path: '/api/member/xdwxh5/register/tw/{shopId}/{twCode}',
    params: { shopId: shopIdSchema, twCode: rowIdSchema('邀请码格式不正确') },
    body: {},
    access: 'signed-in',
    message: Messages.REGISTERED,
  }),
  ownerIdentityCheck: contract<OwnerIdentity>()({
    method: 'GET',
    path: '/api/member/xdwxh5/shopOwner/identity/check',
    query: shopQuery,
    access: 'signed-in',
  }),
  ownerIdentityBind: contract<true>()({
    method: 'POST',
    path: '/api/member/xdwxh5/shopOwner/identity/bind',
    query: shopQuery,
    body: {},
    access: 'signed-in',
    message: Messages.OWNER_BOUND,
  }),
  adminBindInfo: contract<AdminBindInfo>()({
    method: 'GET',
    path: '/api/member/xdwxh5/admin/bind/info/display/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
    access: 'signed-in',
  }),
  shopOwner: contract<ShopOwnerAnswer>()({
    method: 'GET',
    path: '/api/member/xdwxh5/admin/shopOwner',
    query: shopQuery,
    access: 'signed-in',
  }),
  /** Whether the administrator binding has gone through. */
  adminCheck: contract<{ administrator: boolean; currentRole: number }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/admin/check',
    query: shopQuery,
    access: 'signed-in',
  }),
  /** Sends the shop owner a code authorising the caller as administrator. */
  adminCode: contract<{ ownerPhone: string }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/admin/verifyCode',
    query: shopQuery,
    access: 'signed-in',
    refuseCrossSite: true,
    message: Messages.CODE_SENT,
  }),
  /** Binds the caller as administrator with the code the owner's phone received. */
  adminBindWithCode: contract<RoleAnswer>()({
    method: 'GET',
    path: '/api/member/xdwxh5/admin/bind/phone',
    query: {
      ...shopQuery,
      verifyCode: z.string().regex(LOGIN_CODE, IdentityErrors.SMS_CODE_FORMAT.message),
    },
    access: 'signed-in',
    refuseCrossSite: true,
    message: Messages.ADMIN_BOUND,
  }),
  adminGrantQr: contract<AdminGrantQr>()({
    method: 'GET',
    path: '/api/member/xdwxh5/admin/bind/qrCode',
    query: {
      ...shopQuery,
      userVerifyCode: z
        .string()
        .regex(USER_VERIFY_CODE, MembershipErrors.USER_VERIFY_CODE_FORMAT.message),
    },
    access: 'signed-in',
    refuseCrossSite: true,
  }),
  /** The owner approves the applicant of a QR grant. */
  adminGrantApprove: contract<{ shopBizCode: string }>()({
    method: 'POST',
    path: '/api/member/xdwxh5/admin/bind/grant',
    // Any malformed token is just an unknown grant: the service answers the one clear message.
    body: { grant: z.string().min(1).max(128) },
    access: 'signed-in',
    message: Messages.ADMIN_GRANT_APPROVED,
  }),
  adminGrantReject: contract<null>()({
    method: 'POST',
    path: '/api/member/xdwxh5/admin/bind/grant/reject',
    body: { grant: z.string().min(1).max(128) },
    access: 'signed-in',
    message: Messages.ADMIN_GRANT_REJECTED,
  }),
};
