import { describe, expect, it } from 'vitest';
import {
  avatarInitial,
  maskedPhone,
  roleBadge,
  skinGuideEligible,
  switchTargets,
  userType,
  type MemberStanding,
} from './member.ts';

const member = (overrides: Partial<MemberStanding>): MemberStanding => ({
  currentRole: 1,
  maxRole: 1,
  distributorDisable: false,
  level: null,
  administrator: false,
  ...overrides,
});

// The demo phones of DESIGN.md, as seeded in shop 1001.
const consumer = member({});
const distributor = member({ currentRole: 3, maxRole: 3, level: 1 });
const manager = member({ currentRole: 4, maxRole: 4, administrator: true });
const service = member({ currentRole: 5, maxRole: 5 });
const disabled = member({ currentRole: 3, maxRole: 3, level: 1, distributorDisable: true });

describe('maskedPhone', () => {
  it('keeps the first three and the last four digits', () => {
    expect(maskedPhone('13800000001')).toBe('138****0001');
  });
  it('shows nothing without a phone', () => {
    expect(maskedPhone(null)).toBe('');
    expect(maskedPhone(undefined)).toBe('');
    expect(maskedPhone('')).toBe('');
  });
});

describe('userType', () => {
  it('is 3 when a level is present, even level 0, else 1', () => {
    expect(userType(1)).toBe(3);
    expect(userType(0)).toBe(3);
    expect(userType(null)).toBe(1);
    expect(userType(undefined)).toBe(1);
  });
});

describe('roleBadge', () => {
  it('names each demo role; a disabled distributor is a consumer', () => {
    expect(roleBadge(consumer)).toBe('消费者');
    expect(roleBadge(distributor)).toBe('店主');
    expect(roleBadge(manager)).toBe('管理员');
    expect(roleBadge(service)).toBe('客服');
    expect(roleBadge(disabled)).toBe('消费者');
  });
  it('treats a visitor without membership as a consumer', () => {
    expect(roleBadge(null)).toBe('消费者');
  });
});

describe('avatarInitial', () => {
  it('takes the first character of the nickname, upper-cased', () => {
    expect(avatarInitial('小鹿买买')).toBe('小');
    expect(avatarInitial('  amy')).toBe('A');
    expect(avatarInitial('😀 smile')).toBe('😀');
  });
  it('falls back to 我', () => {
    expect(avatarInitial('')).toBe('我');
    expect(avatarInitial('   ')).toBe('我');
    expect(avatarInitial(null)).toBe('我');
  });
});

describe('switchTargets', () => {
  const roles = (m: MemberStanding | null) => switchTargets(m).map((t) => t.role);

  it('gives nothing to a consumer, customer service, a disabled distributor or a visitor', () => {
    expect(roles(consumer)).toEqual([]);
    expect(roles(service)).toEqual([]);
    expect(roles(disabled)).toEqual([]);
    expect(roles(null)).toEqual([]);
  });

  it('lets a manager or a distributor act as a consumer, and back', () => {
    expect(switchTargets(manager)).toEqual([{ role: 1, label: '切换为消费者' }]);
    expect(roles({ ...manager, currentRole: 1 })).toEqual([4]);
    expect(switchTargets(distributor)).toEqual([{ role: 1, label: '切换为消费者' }]);
    expect(roles({ ...distributor, currentRole: 1 })).toEqual([3]);
  });

  it('lets an owner who is also an administrator switch between manager and shop owner', () => {
    const owner = member({ currentRole: 3, maxRole: 4, level: 1, administrator: true });
    expect(switchTargets(owner)).toEqual([
      { role: 4, label: '切换为管理员' },
      { role: 1, label: '切换为消费者' },
    ]);
    expect(roles({ ...owner, currentRole: 4 })).toEqual([3, 1]);
  });

  it('offers manager to an administrator whose maxRole is lower', () => {
    expect(roles(member({ currentRole: 3, maxRole: 3, level: 1, administrator: true }))).toEqual([
      4, 1,
    ]);
  });

  it('never offers shop owner to a disabled distributor, even an administrator', () => {
    const admin = member({
      currentRole: 4,
      maxRole: 4,
      level: 1,
      administrator: true,
      distributorDisable: true,
    });
    expect(roles(admin)).toEqual([1]);
  });
});

describe('skinGuideEligible', () => {
  it('is for an administrator whose currentRole is 4', () => {
    expect(skinGuideEligible(manager)).toBe(true);
    expect(skinGuideEligible({ ...manager, currentRole: 3 })).toBe(false);
    expect(skinGuideEligible({ ...manager, administrator: false })).toBe(false);
    expect(skinGuideEligible(null)).toBe(false);
  });
});
