/**
 * Member rules shown on the my page and answered by user info (shell §3, §4): the masked phone,
 * the role badge, the user type, the avatar's initial and the identities a member may switch to.
 * Pure and isomorphic.
 */
import { maskPhone } from '#lib/identity/index.ts';
import { MemberRole, roleLetter, switchableRoles } from './roles.ts';

/** What these rules read of a shop membership (the middleware's ShopMembership has it all). */
export interface MemberStanding {
  currentRole: number;
  maxRole: number;
  distributorDisable: boolean;
  level: number | null;
  administrator: boolean;
}

/** A phone as shown to its owner (138****0001); no phone shows nothing. */
export function maskedPhone(phone: string | null | undefined): string {
  return phone ? maskPhone(phone) : '';
}

/** Shell §3: level present means user type 3, else 1. */
export function userType(level: number | null | undefined): 1 | 3 {
  return level === null || level === undefined ? 1 : 3;
}

export type RoleBadge = '消费者' | '店主' | '管理员' | '客服';

/**
 * The badge beside the name: the role the shop treats the member as (§4: 4 manager, 3
 * distributor unless disabled, else customer), with role 5 shown as customer service.
 */
export function roleBadge(
  member: Pick<MemberStanding, 'currentRole' | 'distributorDisable'> | null,
): RoleBadge {
  if (member?.currentRole === MemberRole.CustomerService) return '客服';
  const letter = roleLetter(member);
  if (letter === 'M') return '管理员';
  if (letter === 'D') return '店主';
  return '消费者';
}

/** The letter shown in an avatar without a picture: the nickname's first character, else 我. */
export function avatarInitial(nickname: string | null | undefined): string {
  const first = Array.from((nickname ?? '').trim())[0];
  return first ? first.toUpperCase() : '我';
}

export interface SwitchTarget {
  role: Exclude<MemberRole, typeof MemberRole.CustomerService>;
  label: string;
}

const SWITCH_LABELS: Record<SwitchTarget['role'], string> = {
  [MemberRole.Manager]: '切换为管理员',
  [MemberRole.Distributor]: '切换为店主',
  [MemberRole.Consumer]: '切换为消费者',
};

/**
 * The identities the my page offers to switch to (switchRole role=4|3|1), in that order: the
 * roles the server grants (`switchableRoles`) but the one in effect, and not shop owner for a
 * disabled distributor (they would still count as a consumer). Customer service (maxRole 5)
 * keeps its own role and is offered nothing here.
 */
export function switchTargets(member: MemberStanding | null): SwitchTarget[] {
  if (!member || member.maxRole === MemberRole.CustomerService) return [];
  const granted = switchableRoles(member);
  const inEffect = { M: MemberRole.Manager, D: MemberRole.Distributor, C: MemberRole.Consumer }[
    roleLetter(member)
  ];
  return ([MemberRole.Manager, MemberRole.Distributor, MemberRole.Consumer] as const)
    .filter((role) => granted.includes(role) && role !== inEffect)
    .filter((role) => !(role === MemberRole.Distributor && member.distributorDisable))
    .map((role) => ({ role, label: SWITCH_LABELS[role] }));
}

/**
 * On my, the skin decoration guide is for an administrator acting as manager (shell §4); the
 * guide tag (skinTipGuide) is checked by the guide itself.
 */
export function skinGuideEligible(
  member: Pick<MemberStanding, 'currentRole' | 'administrator'> | null,
): boolean {
  return member !== null && member.administrator && member.currentRole === MemberRole.Manager;
}
