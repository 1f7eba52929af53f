/**
 * Roles (shell §4, §6): 4 manager, 3 distributor unless disabled, everything else customer.
 * Role number 5 adds a customer-service tab.
 */
import type { RoleLetter, RouteDef, RouteName } from '#lib/platform/routes.ts';

/** shop_members.role and max_role (decision 003): a customer is stored as 1. */
export const MemberRole = {
  Consumer: 1,
  /** A shop keeper; counts as a consumer while distributorDisable is set. */
  Distributor: 3,
  Manager: 4,
  CustomerService: 5,
} as const;
export type MemberRole = (typeof MemberRole)[keyof typeof MemberRole];

/** Every stored role number, ascending: what the database CHECK accepts. */
export const memberRoles: readonly MemberRole[] = Object.values(MemberRole);

export interface Membership {
  currentRole: number;
  distributorDisable: boolean;
}

export function roleLetter(member: Membership | null): RoleLetter {
  if (!member) return 'C';
  if (member.currentRole === MemberRole.Manager) return 'M';
  if (member.currentRole === MemberRole.Distributor && !member.distributorDisable) return 'D';
  return 'C';
}

/** Whether a user of this role may open the route (roles are enforced on the server). */
export function roleAllows(route: RouteDef, letter: RoleLetter): boolean {
  return route.roles.length === 0 || route.roles.includes(letter);
}

export interface Tab {
  route: RouteName;
  label: string;
  icon: 'home' | 'order' | 'my' | 'setting' | 'service';
  /** Routes the tab stands for besides its own: the manager's 设置 is in the place of 我的. */
  alsoFor?: RouteName[];
}

/** The tab to highlight on a route: the one whose route it is, or that stands in for it. */
export function currentTab(tabs: Tab[], route: RouteName): Tab | null {
  return (
    tabs.find((tab) => tab.route === route) ??
    tabs.find((tab) => tab.alsoFor?.includes(route)) ??
    null
  );
}

/** Bottom tabs: index, order, my; role 4 has settings in place of my; role 5 gets service third. */
export function tabsFor(currentRole: number | null): Tab[] {
  const tabs: Tab[] = [
    { route: 'index', label: '首页', icon: 'home' },
    { route: 'order', label: '订单', icon: 'order' },
    currentRole === MemberRole.Manager
      ? { route: 'decoration', label: '设置', icon: 'setting', alsoFor: ['my'] }
      : { route: 'my', label: '我的', icon: 'my' },
  ];
  if (currentRole === MemberRole.CustomerService)
    tabs.splice(2, 0, { route: 'service', label: '客服', icon: 'service' });
  return tabs;
}

export interface SwitchableMember {
  maxRole: number;
  administrator: boolean;
  /** Present for distributors (user type 3). */
  level: number | null;
}

/** Whether the member manages the shop (an administrator, or manager by role). */
export function isShopManager(
  member: Pick<SwitchableMember, 'maxRole' | 'administrator'>,
): boolean {
  return member.administrator || member.maxRole === MemberRole.Manager;
}

/**
 * The roles a member may switch to (switchRole): customer always; distributor when they are one
 * (a level and maxRole 3 or 4); manager when an administrator or maxRole 4; service when maxRole 5.
 */
export function switchableRoles(member: SwitchableMember): number[] {
  const roles: number[] = [MemberRole.Consumer];
  if (
    member.level !== null &&
    (member.maxRole === MemberRole.Distributor || member.maxRole === MemberRole.Manager)
  )
    roles.push(MemberRole.Distributor);
  if (isShopManager(member)) roles.push(MemberRole.Manager);
  if (member.maxRole === MemberRole.CustomerService) roles.push(MemberRole.CustomerService);
  return roles;
}

/** Whether the member must sign the shop-keeper contract: distributors and managers who have not. */
export function needsContract(member: (Membership & { signAgreement: boolean }) | null): boolean {
  if (!member || member.signAgreement) return false;
  const letter = roleLetter(member);
  return letter === 'D' || letter === 'M';
}
