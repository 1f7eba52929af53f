import { describe, expect, it } from 'vitest';
import {
  MemberRole,
  memberRoles,
  needsContract,
  roleLetter,
  switchableRoles,
  tabsFor,
} from './roles.ts';

describe('MemberRole (decision 003)', () => {
  it('names the stored role numbers', () => {
    expect(MemberRole).toEqual({ Consumer: 1, Distributor: 3, Manager: 4, CustomerService: 5 });
    expect(memberRoles).toEqual([1, 3, 4, 5]);
  });
});

describe('roleLetter (shell §4)', () => {
  it('4 is a manager, 3 a distributor unless disabled, everything else a customer', () => {
    expect(roleLetter({ currentRole: 4, distributorDisable: false })).toBe('M');
    expect(roleLetter({ currentRole: 3, distributorDisable: false })).toBe('D');
    expect(roleLetter({ currentRole: 3, distributorDisable: true })).toBe('C');
    expect(roleLetter({ currentRole: 5, distributorDisable: false })).toBe('C');
    expect(roleLetter({ currentRole: 1, distributorDisable: false })).toBe('C');
    expect(roleLetter(null)).toBe('C');
  });
});

describe('tabsFor', () => {
  it('gives settings in place of my for 4 and a service tab third for 5', () => {
    expect(tabsFor(1).map((t) => t.label)).toEqual(['首页', '订单', '我的']);
    expect(tabsFor(4).map((t) => t.label)).toEqual(['首页', '订单', '设置']);
    expect(tabsFor(5).map((t) => t.label)).toEqual(['首页', '订单', '客服', '我的']);
  });
});

describe('switchableRoles', () => {
  it('lets a customer be only a customer', () => {
    expect(switchableRoles({ maxRole: 1, administrator: false, level: null })).toEqual([1]);
  });
  it('lets a distributor switch between customer and distributor', () => {
    expect(switchableRoles({ maxRole: 3, administrator: false, level: 1 })).toEqual([1, 3]);
  });
  it('lets an administrator who is also a distributor be a manager too', () => {
    expect(switchableRoles({ maxRole: 3, administrator: true, level: 1 })).toEqual([1, 3, 4]);
    expect(switchableRoles({ maxRole: 4, administrator: true, level: null })).toEqual([1, 4]);
  });
  it('gives customer service its own role', () => {
    expect(switchableRoles({ maxRole: 5, administrator: false, level: null })).toEqual([1, 5]);
  });
});

describe('needsContract', () => {
  const member = { currentRole: 3, distributorDisable: false, signAgreement: false };
  it('asks distributors and managers who have not signed', () => {
    expect(needsContract(member)).toBe(true);
    expect(needsContract({ ...member, currentRole: 4 })).toBe(true);
  });
  it('never asks customers, a disabled distributor, or someone who signed', () => {
    expect(needsContract({ ...member, currentRole: 1 })).toBe(false);
    expect(needsContract({ ...member, distributorDisable: true })).toBe(false);
    expect(needsContract({ ...member, signAgreement: true })).toBe(false);
    expect(needsContract(null)).toBe(false);
  });
});
